/* cassino-records.h: the history, statistics and players of the store,
 * for the views
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "cassino-history-model.h"
#include "cassino-replay.h"
#include "cassino-store.h"
#include "cassino-store-export.h"
#include "cassino-store-ratings.h"
#include "cassino-store-stats.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_RECORDS (cassino_records_get_type ())
G_DECLARE_FINAL_TYPE (CassinoRecords, cassino_records, CASSINO, RECORDS, GObject)

/* The views' connection to the database at @path (the game controller
 * records through one of its own), opened by the records' database
 * thread: this never waits, and a file that cannot be opened fails the
 * jobs (the history says why).  (@error is kept for the callers: never
 * set.) */
CassinoRecords *cassino_records_new (const char  *path,
                                     GError     **error);

const char   *cassino_records_get_path    (CassinoRecords *self);
CassinoHistoryModel *cassino_records_get_history (CassinoRecords *self);

/* Games were recorded or imported: the history and players are read
 * again ("changed" is emitted). */
void          cassino_records_refresh     (CassinoRecords *self);

/* Players: a GtkStringList of the active players' names, humans first,
 * and their ids by position. */
GListModel   *cassino_records_get_player_names (CassinoRecords *self);
gint64        cassino_records_get_player_id    (CassinoRecords *self,
                                                guint           position);
int           cassino_records_find_player      (CassinoRecords *self,
                                                gint64          player_id);
/* Returns: (transfer full) (element-type CassinoStorePlayer) */
GPtrArray    *cassino_records_list_players     (CassinoRecords  *self,
                                                gboolean         include_archived,
                                                GError         **error);
gint64        cassino_records_add_player       (CassinoRecords  *self,
                                                const char      *name,
                                                GError         **error);
gboolean      cassino_records_rename_player    (CassinoRecords  *self,
                                                gint64           player_id,
                                                const char      *name,
                                                GError         **error);
gboolean      cassino_records_set_player_archived (CassinoRecords *self,
                                                   gint64          player_id,
                                                   gboolean        archived,
                                                   GError        **error);

/* The same changes as jobs for the records' database thread: the call
 * returns at once, @callback gets the result with
 * cassino_records_player_job_finish().  The player lists are up to date
 * (and "changed" was emitted) by then.  (The plain functions above and
 * below wait for theirs: tests.) */
void          cassino_records_list_players_async      (CassinoRecords      *self,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
void          cassino_records_add_player_async        (CassinoRecords      *self,
                                                       const char          *name,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
void          cassino_records_rename_player_async     (CassinoRecords      *self,
                                                       gint64               player_id,
                                                       const char          *name,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
void          cassino_records_set_player_archived_async (CassinoRecords    *self,
                                                         gint64             player_id,
                                                         gboolean           archived,
                                                         GAsyncReadyCallback callback,
                                                         gpointer           user_data);
void          cassino_records_set_player_colour_async (CassinoRecords      *self,
                                                       gint64               player_id,
                                                       const char          *colour,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
void          cassino_records_set_player_picture_async (CassinoRecords     *self,
                                                        gint64              player_id,
                                                        GFile              *image,
                                                        GAsyncReadyCallback callback,
                                                        gpointer            user_data);
/* Every player (archived too) after the job, or NULL with @error;
 * @out_player_id: the player's id (the new one's after an add).
 * Returns: (transfer full) (element-type CassinoStorePlayer) */
GPtrArray    *cassino_records_player_job_finish      (CassinoRecords      *self,
                                                       GAsyncResult        *result,
                                                       gint64              *out_player_id,
                                                       GError             **error);

/* Every player (archived too) as the database thread last listed them
 * (NULL before the first list came back).
 * Returns: (transfer none) (element-type CassinoStorePlayer) */
GPtrArray    *cassino_records_get_players      (CassinoRecords  *self);
/* A player as last listed (never waits for the database).
 * Returns: (transfer full), or NULL with @error. */
CassinoStorePlayer *cassino_records_get_player (CassinoRecords  *self,
                                                gint64           player_id,
                                                GError         **error);
/* The player's colour: the chosen one, else one of a palette by the
 * player's id, so that every player has one from the start. */
void          cassino_records_player_colour    (const CassinoStorePlayer *player,
                                                GdkRGBA                  *out);
/* An AdwAvatar of @size for the player: the picture, else the initials on
 * the player's colour.
 * Returns: (transfer floating) */
GtkWidget    *cassino_records_new_avatar       (const CassinoStorePlayer *player,
                                                int                       size);
/* The player's colour, keeping the picture. */
gboolean      cassino_records_set_player_colour (CassinoRecords  *self,
                                                 gint64           player_id,
                                                 const char      *colour,
                                                 GError         **error);
/* A picture for the player, from @image (any format GdkPixbuf reads),
 * scaled to at most 192 pixels and kept as PNG in avatars/ beside the
 * database; NULL: no picture.  The picture it replaces is deleted. */
gboolean      cassino_records_set_player_picture (CassinoRecords  *self,
                                                  gint64           player_id,
                                                  GFile           *image,
                                                  GError         **error);

/* The replay of a recorded game, read on the records' database thread;
 * _finish(): (transfer full), or NULL with @error. */
void           cassino_records_load_replay_async  (CassinoRecords      *self,
                                                   gint64               game_id,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
CassinoReplay *cassino_records_load_replay_finish (CassinoRecords      *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);

/* A game to go on with, read on the records' database thread (the
 * window never waits for the disk): an unfinished game, or the last game
 * of a rubber, with the rubber's standing. */
typedef struct {
  gint64         game_id;
  gint64         rubber_id;     /* 0: none */
  char          *state;         /* the record's: "playing", "finished", "abandoned" */
  CassinoGame   *game;
  CassinoRubber  rubber;        /* the rubber's games over before it (a game), or all (a rubber) */
  guint          played;        /* how many of them */
  GPtrArray     *skipped;       /* (element-type utf8): games of the rubber that could not be read */
} CassinoRecordsGame;

void          cassino_records_game_free        (CassinoRecordsGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoRecordsGame, cassino_records_game_free)

/* Game @game_id and the standing of its rubber before it. */
void          cassino_records_open_game_async    (CassinoRecords      *self,
                                                  gint64               game_id,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
/* The last game of rubber @rubber_id and the standing of all its games
 * over ("This rubber has no recorded game." when it has none). */
void          cassino_records_open_rubber_async  (CassinoRecords      *self,
                                                  gint64               rubber_id,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
/* Either: (transfer full), or NULL with @error. */
CassinoRecordsGame *cassino_records_open_finish  (CassinoRecords      *self,
                                                  GAsyncResult        *result,
                                                  GError             **error);

/* Every rubber, those being played first, with its standing, read on the
 * records' database thread; @out_summaries: the summaries of their games
 * by id (gint64 *).
 * Returns: (transfer full) (element-type CassinoStoreRubberInfo) */
void          cassino_records_list_rubbers_async  (CassinoRecords      *self,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
GPtrArray    *cassino_records_list_rubbers_finish (CassinoRecords      *self,
                                                   GAsyncResult        *result,
                                                   GHashTable         **out_summaries,
                                                   GError             **error);

/* Everything a statistics page shows. */
typedef struct {
  CassinoStoreStats *stats;
  char              *rating_preset;   /* the preset of the rating graph */
  CassinoStoreRating *rating;         /* may be NULL (not rated: a computer level) */
  GArray            *rating_history;  /* CassinoStoreRatingPoint */
  GArray            *months;          /* CassinoStoreMonth */
  GArray            *histogram;       /* guint, per half point per deal */
  double             seconds;         /* how long it took */
} CassinoStatsResult;

void          cassino_stats_result_free        (CassinoStatsResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoStatsResult, cassino_stats_result_free)

#define CASSINO_STATS_HISTOGRAM_BINS 24
/* the most points of the rating graph (the first, the last, evenly between) */
#define CASSINO_STATS_RATING_POINTS 600

/* Compute a player's statistics in a worker thread (its own connection to
 * the database). */
void          cassino_records_load_stats_async  (CassinoRecords                *self,
                                                 gint64                         player_id,
                                                 const CassinoStoreStatsFilter *filter,
                                                 GCancellable                  *cancellable,
                                                 GAsyncReadyCallback            callback,
                                                 gpointer                       user_data);
/* Returns: (transfer full) */
CassinoStatsResult *cassino_records_load_stats_finish (CassinoRecords  *self,
                                                       GAsyncResult    *result,
                                                       GError         **error);
/* The same, at once (tests). */
CassinoStatsResult *cassino_records_load_stats   (CassinoRecords                *self,
                                                  gint64                         player_id,
                                                  const CassinoStoreStatsFilter *filter,
                                                  GError                       **error);

/* Export and import (cassino-store-export.h) to and from files, on a
 * database thread with a connection of its own: the window goes on
 * meanwhile.  An import refreshes the records ("changed") when it is
 * over.  The plain functions wait for it (tests).  A failed export leaves
 * the file it was to replace as it was. */
void          cassino_records_export_records_async  (CassinoRecords           *self,
                                                     CassinoStoreExportScope   scope,
                                                     gint64                    id,
                                                     GFile                    *file,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
/* @out_skipped: the games left out (cassino_store_export_records()) */
gboolean      cassino_records_export_records_finish (CassinoRecords           *self,
                                                     GAsyncResult             *result,
                                                     guint                    *out_count,
                                                     GPtrArray               **out_skipped,
                                                     GError                  **error);
void          cassino_records_export_stats_csv_async  (CassinoRecords      *self,
                                                       GFile               *file,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean      cassino_records_export_stats_csv_finish (CassinoRecords      *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);
/* @report (cleared by the caller) gets the counts. */
void          cassino_records_import_records_async  (CassinoRecords            *self,
                                                     GFile                     *file,
                                                     GAsyncReadyCallback        callback,
                                                     gpointer                   user_data);
gboolean      cassino_records_import_records_finish (CassinoRecords            *self,
                                                     GAsyncResult              *result,
                                                     CassinoStoreImportReport  *report,
                                                     GError                   **error);

gboolean      cassino_records_export_records   (CassinoRecords           *self,
                                                CassinoStoreExportScope   scope,
                                                gint64                    id,
                                                GFile                    *file,
                                                guint                    *out_count,
                                                GPtrArray               **out_skipped,
                                                GError                  **error);
gboolean      cassino_records_export_stats_csv (CassinoRecords  *self,
                                                GFile           *file,
                                                GError         **error);
gboolean      cassino_records_import_records   (CassinoRecords            *self,
                                                GFile                     *file,
                                                CassinoStoreImportReport  *report,
                                                GError                   **error);

G_END_DECLS
