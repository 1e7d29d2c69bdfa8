/* cassino-store-export.c: game records and CSV out, game records in
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include <inttypes.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "cassino-record.h"
#include "cassino-store-export.h"
#include "cassino-store-private.h"
#include "cassino-store-record.h"
#include "cassino-store-stats.h"

static gboolean
write_all (GOutputStream  *out,
           const char     *text,
           GError        **error)
{
  return g_output_stream_write_all (out, text, strlen (text), NULL, NULL, error);
}

static char *
iso_time (gint64 t)
{
  g_autoptr(GDateTime) dt = NULL;

  if (t <= 0)
    return g_strdup ("");
  dt = g_date_time_new_from_unix_utc (t);
  return dt ? g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ") : g_strdup ("");
}

static gboolean
collect_ids (CassinoStore             *store,
             CassinoStoreExportScope   scope,
             gint64                    id,
             GArray                   *ids,
             GError                  **error)
{
  switch (scope)
    {
    case CASSINO_STORE_EXPORT_GAME:
      {
        g_autoptr(CassinoStoreGameSummary) s = cassino_store_get_game_summary (store, id, error);

        if (s == NULL)
          return FALSE;
        g_array_append_val (ids, id);
        return TRUE;
      }
    case CASSINO_STORE_EXPORT_RUBBER:
      {
        g_autoptr(GArray) games = NULL;
        gint64 exists = 0;
        g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM rubbers WHERE id = %" G_GINT64_FORMAT, id);

        if (!cassino_sqlite_query_int64 (store->db, sql, 0, &exists, error))
          return FALSE;
        if (!exists)
          {
            g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                         _("There is no rubber %" PRId64 "."), id);
            return FALSE;
          }
        games = cassino_store_get_rubber_games (store, id, error);
        if (games == NULL)
          return FALSE;
        g_array_append_vals (ids, games->data, games->len);
        return TRUE;
      }
    case CASSINO_STORE_EXPORT_ALL:
    default:
      {
        g_autoptr(GArray) all = cassino_sqlite_query_ids (store->db, error,
                                                          "SELECT id FROM games ORDER BY started, id", "");

        if (all == NULL)
          return FALSE;
        g_array_append_vals (ids, all->data, all->len);
        return TRUE;
      }
    }
}

gboolean
cassino_store_export_records (CassinoStore             *store,
                              CassinoStoreExportScope   scope,
                              gint64                    id,
                              GOutputStream            *out,
                              guint                    *out_count,
                              GPtrArray               **out_skipped,
                              GError                  **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) skipped = NULL;
  gboolean written = FALSE;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  if (out_count)
    *out_count = 0;
  if (out_skipped)
    *out_skipped = NULL;
  if (!collect_ids (store, scope, id, ids, error))
    {
      _cassino_store_convert_error (error);
      return FALSE;
    }

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 gid = g_array_index (ids, gint64, i);
      g_autoptr(GError) local = NULL;
      g_autoptr(CassinoStoreGameSummary) s = cassino_store_get_game_summary (store, gid, error);
      CassinoGame *game;
      g_autofree char *text = NULL;

      if (s == NULL)
        return FALSE;
      game = cassino_store_load_game (store, gid, &local);
      if (game == NULL && scope != CASSINO_STORE_EXPORT_GAME &&
          g_error_matches (local, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY))
        {
          /* one damaged game does not keep the others from being saved */
          g_debug ("export: left out: %s", local->message);
          if (skipped == NULL)
            skipped = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (skipped, g_strdup (local->message));
          continue;
        }
      if (game == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* a start known only to the day stays the record's Date */
      if (cassino_game_get_tag (game, "Start") == NULL && s->start_known)
        {
          g_autofree char *t = iso_time (s->started);

          cassino_game_set_tag (game, "Start", t);
        }
      if (cassino_game_get_tag (game, "End") == NULL && s->ended > 0)
        {
          g_autofree char *t = iso_time (s->ended);

          cassino_game_set_tag (game, "End", t);
        }
      text = cassino_record_write (game);
      cassino_game_unref (game);
      /* a blank line between records */
      if ((written && !write_all (out, "\n", error)) || !write_all (out, text, error))
        return FALSE;
      written = TRUE;
      if (out_count)
        (*out_count)++;
    }
  if (out_skipped)
    *out_skipped = g_steal_pointer (&skipped);
  return TRUE;
}

/* CSV */

/* One cell, quoted when it must be (RFC 4180). */
static void
csv_cell (GString    *line,
          const char *text)
{
  if (line->len > 0 && line->str[line->len - 1] != '\n')
    g_string_append_c (line, ',');
  if (text == NULL)
    return;
  if (strpbrk (text, ",\"\r\n") != NULL)
    {
      g_string_append_c (line, '"');
      for (const char *p = text; *p; p++)
        {
          if (*p == '"')
            g_string_append_c (line, '"');
          g_string_append_c (line, *p);
        }
      g_string_append_c (line, '"');
    }
  else
    g_string_append (line, text);
}

/* A cell of text (a player's name…): a spreadsheet takes one that begins
 * with = + - @, a tab or a carriage return for a formula
 * (=HYPERLINK(…)), so such a cell begins with ' (OWASP's advice on CSV
 * injection).  Numbers go through csv_cell(): -3 stays a number. */
static void
csv_text (GString    *line,
          const char *text)
{
  g_autofree char *safe = NULL;

  if (text && text[0] && strchr ("=+-@\t\r", text[0]) != NULL)
    safe = g_strconcat ("'", text, NULL);
  csv_cell (line, safe ? safe : text);
}

static void
csv_int (GString *line,
         gint64   value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
  csv_cell (line, buf);
}

static void
csv_double (GString *line,
            double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  csv_cell (line, g_ascii_formatd (buf, sizeof buf, "%.3f", value));
}

gboolean
cassino_store_export_games_csv (CassinoStore                     *store,
                                const CassinoStoreHistoryFilter  *filter,
                                GOutputStream                    *out,
                                GError                          **error)
{
  CassinoStoreHistoryFilter f = { 0 };
  CassinoStoreHistoryCursor cursor = { 0 };
  g_autoptr(GString) line = g_string_new (NULL);

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  if (filter)
    f = *filter;
  f.oldest_first = TRUE;

  g_string_append (line, "id,key,started,ended,preset,players,state,termination,winner_side,value,deals");
  for (guint i = 1; i <= 6; i++)
    g_string_append_printf (line, ",seat_%u", i);
  for (guint i = 1; i <= 6; i++)
    g_string_append_printf (line, ",score_%u", i);
  g_string_append_c (line, '\n');
  if (!write_all (out, line->str, error))
    return FALSE;

  do
    {
      g_autoptr(GPtrArray) page = cassino_store_get_history_page (store, &f, &cursor, 500, &cursor, error);

      if (page == NULL)
        return FALSE;
      for (guint i = 0; i < page->len; i++)
        {
          const CassinoStoreGameSummary *s = page->pdata[i];
          g_autofree char *started = s->start_known ? iso_time (s->started) : g_strdup ("");
          g_autofree char *ended = iso_time (s->ended);

          g_string_truncate (line, 0);
          csv_int (line, s->id);
          csv_text (line, s->key);
          csv_text (line, started);
          csv_text (line, ended);
          csv_text (line, s->preset);
          csv_int (line, s->n_players);
          csv_text (line, s->state);
          csv_text (line, s->termination ? s->termination : "");
          if (s->winner_side >= 0)
            csv_int (line, s->winner_side);
          else
            csv_text (line, "");
          csv_int (line, s->value);
          csv_int (line, s->n_deals);
          for (guint k = 0; k < 6; k++)
            csv_text (line, k < s->n_seats ? s->seats[k].name : "");
          for (guint k = 0; k < 6; k++)
            {
              if (k < s->n_sides && g_str_equal (s->state, "finished"))
                csv_int (line, s->scores[k]);
              else
                csv_text (line, "");
            }
          g_string_append_c (line, '\n');
          if (!write_all (out, line->str, error))
            return FALSE;
        }
    }
  while (cursor.id != 0);
  return TRUE;
}

static void
stats_line (GString                 *line,
            const CassinoStoreStats *st,
            const char              *preset,
            guint                    n_players)
{
  g_string_truncate (line, 0);
  csv_int (line, st->player_id);
  csv_text (line, st->name);
  csv_text (line, preset);
  csv_int (line, n_players);
  csv_int (line, st->games);
  csv_int (line, st->wins);
  csv_int (line, st->draws);
  csv_int (line, st->losses);
  csv_double (line, st->win_percent);
  csv_int (line, st->rubbers);
  csv_int (line, st->rubbers_won);
  csv_int (line, st->deals);
  csv_int (line, st->points);
  csv_double (line, st->points_per_deal);
  {
    guint named = 0;

    for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
      {
        csv_int (line, st->category_points[c]);
        named += st->category_points[c];
      }
    /* the fishing games' own categories (primiera, the 2♣, honours, the
     * clubs, the jacks), as the statistics' one line of them: the
     * category columns add up to the points */
    csv_int (line, st->points > named ? st->points - named : 0);
  }
  csv_int (line, st->sweeps);
  csv_double (line, st->sweeps_per_deal);
  csv_double (line, st->big_cassino_percent);
  csv_double (line, st->little_cassino_percent);
  csv_int (line, st->builds);
  csv_int (line, st->builds_taken);
  csv_double (line, st->builds_taken_percent);
  csv_int (line, st->current_streak);
  csv_int (line, st->longest_win_streak);
  csv_int (line, st->longest_loss_streak);
  csv_int (line, st->best_game_id);
  csv_int (line, st->time_played);
  g_string_append_c (line, '\n');
}

gboolean
cassino_store_export_stats_csv (CassinoStore   *store,
                                GOutputStream  *out,
                                GError        **error)
{
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GString) line = g_string_new (NULL);

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  players = cassino_store_list_players (store, TRUE, error);
  if (players == NULL)
    return FALSE;

  g_string_append (line, "player_id,name,preset,players,games,wins,draws,losses,win_percent,"
                         "rubbers,rubbers_won,deals,points,points_per_deal");
  for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
    g_string_append_printf (line, ",%s_points", cassino_category_to_string (c));
  g_string_append (line, ",other_points,sweeps,sweeps_per_deal,big_cassino_percent,little_cassino_percent,"
                         "builds,builds_taken,builds_taken_percent,current_streak,"
                         "longest_win_streak,longest_loss_streak,best_game_id,time_played\n");
  if (!write_all (out, line->str, error))
    return FALSE;

  for (guint i = 0; i < players->len; i++)
    {
      const CassinoStorePlayer *p = players->pdata[i];
      g_auto(GStrv) groups = cassino_store_get_player_groups (store, p->id, error);
      g_autoptr(CassinoStoreStats) all = NULL;

      if (groups == NULL)
        return FALSE;
      if (groups[0] == NULL)
        continue;
      all = cassino_store_get_player_stats (store, p->id, NULL, CASSINO_STORE_STATS_DEFAULT, error);
      if (all == NULL)
        return FALSE;
      stats_line (line, all, "all", 0);
      if (!write_all (out, line->str, error))
        return FALSE;
      for (guint g = 0; groups[g]; g++)
        {
          g_autofree char *preset = g_strdup (groups[g]);
          char *slash = strrchr (preset, '/');
          CassinoStoreStatsFilter filter;
          g_autoptr(CassinoStoreStats) st = NULL;

          *slash = '\0';
          filter.preset = preset;
          filter.n_players = (guint) g_ascii_strtoull (slash + 1, NULL, 10);
          st = cassino_store_get_player_stats (store, p->id, &filter, CASSINO_STORE_STATS_DEFAULT, error);
          if (st == NULL)
            return FALSE;
          stats_line (line, st, preset, filter.n_players);
          if (!write_all (out, line->str, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Import */

void
cassino_store_import_report_clear (CassinoStoreImportReport *report)
{
  g_clear_pointer (&report->messages, g_ptr_array_unref);
  report->imported = report->skipped = report->failed = 0;
}

typedef struct {
  GPtrArray                *games;
  CassinoStoreImportReport *report;
} Import;

/* Each game in a savepoint of its own: one that fails is counted and
 * left out, the others are kept. */
static gboolean
import_games (CassinoStore  *store,
              gpointer       data,
              GError       **error)
{
  Import *import = data;
  CassinoStoreImportReport *report = import->report;

  for (guint i = 0; i < import->games->len; i++)
    {
      g_autoptr(GError) e = NULL;

      if (cassino_store_record_game (store, import->games->pdata[i], 0, CASSINO_STORE_SOURCE_IMPORTED, &e) != 0)
        report->imported++;
      else if (g_error_matches (e, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE))
        report->skipped++;
      else
        {
          report->failed++;
          if (report->messages == NULL)
            report->messages = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (report->messages, g_strdup_printf (_("game %u: %s"), i + 1, e->message));
        }
    }
  return TRUE;
}

/* A message of the record reader ("line 3, column 5: …") with its line
 * counted from the start of the file, for a part that began on line
 * @first. */
static char *
message_from_line (const char *message,
                   guint       first)
{
  guint line = 0, column = 0;
  int used = 0;

  if (sscanf (message, "line %u, column %u: %n", &line, &column, &used) == 2 && used > 0)
    return g_strdup_printf ("line %u, column %u: %s", line + first - 1, column, message + used);
  return g_strdup (message);
}

/* The games of @text read one record at a time: each `[Cassino` tag at
 * the start of a line, outside a { } comment, begins a game
 * (docs/record-format.md), so one game
 * that does not read keeps none of the others from being imported.  Each
 * that does not read is counted in @report; NULL when @text holds fewer
 * than two records (nothing to read apart). */
static GPtrArray *
read_one_by_one (const char               *text,
                 gsize                     length,
                 CassinoStoreImportReport *report)
{
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  GPtrArray *games;
  guint line = 1;
  gboolean in_comment = FALSE;   /* inside a { } comment, which may span lines */

  for (gsize at = 0; at < length; )
    {
      gsize p = at;
      gboolean in_string = FALSE;

      while (p < length && (text[p] == ' ' || text[p] == '\t'))
        p++;
      if (!in_comment && length - p >= 8 && memcmp (text + p, "[Cassino", 8) == 0)
        {
          gsize start = starts->len ? at : 0;   /* what comes before the first belongs to it */

          g_array_append_val (starts, start);
          g_array_append_val (lines, line);
        }
      /* the rest of the line: where a { } comment opens or closes (not
       * in a tag's quoted value, nor after a ; comment) */
      for (; at < length && text[at] != '\n'; at++)
        {
          char c = text[at];

          if (in_comment)
            in_comment = c != '}';
          else if (in_string)
            {
              if (c == '\\' && at + 1 < length && text[at + 1] != '\n')
                at++;
              else if (c == '"')
                in_string = FALSE;
            }
          else if (c == '"')
            in_string = TRUE;
          else if (c == '{')
            in_comment = TRUE;
          else if (c == ';')
            {
              while (at + 1 < length && text[at + 1] != '\n')
                at++;
            }
        }
      at++;
      line++;
    }
  if (starts->len < 2)
    return NULL;

  games = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_game_unref);
  for (guint k = 0; k < starts->len; k++)
    {
      gsize from = g_array_index (starts, gsize, k);
      gsize to = k + 1 < starts->len ? g_array_index (starts, gsize, k + 1) : length;
      g_autoptr(GError) e = NULL;
      g_autoptr(GPtrArray) part = cassino_record_read (text + from, (gssize) (to - from), &e);

      if (part == NULL)
        {
          /* (the first part starts at the file's start: its lines count from 1) */
          g_autofree char *why = message_from_line (e->message, k ? g_array_index (lines, guint, k) : 1);

          report->failed++;
          if (report->messages == NULL)
            report->messages = g_ptr_array_new_with_free_func (g_free);
          /* (the reasons of the first hundred: a file of a million
           * broken records is counted, not echoed) */
          if (report->messages->len < 100)
            /* Translators: a game record of an imported file that could not be read:
             * its number in the file, then why ("line 40, column 3: …") */
            g_ptr_array_add (report->messages, g_strdup_printf (_("record %u: %s"), k + 1, why));
          continue;
        }
      while (part->len > 0)
        g_ptr_array_add (games, g_ptr_array_steal_index (part, 0));
    }
  return games;
}

gboolean
cassino_store_import_records (CassinoStore              *store,
                              const char                *text,
                              gssize                     length,
                              CassinoStoreImportReport  *report,
                              GError                   **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) local = NULL;
  Import import = { NULL, report };

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);

  {
    gsize n = length < 0 ? strlen (text) : (gsize) length;
    gsize at = 0;

    while (at < n && g_ascii_isspace (text[at]))
      at++;
    if (at == n)
      {
        g_set_error_literal (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                             /* Translators: an import of an empty file (or one of blank lines) */
                             _("Nothing to import: the file is empty"));
        return FALSE;
      }
  }
  games = cassino_record_read (text, length, &local);
  if (games == NULL)
    {
      CassinoStoreImportReport parts = { 0 };

      games = read_one_by_one (text, length < 0 ? strlen (text) : (gsize) length, &parts);
      if (games == NULL || games->len == 0)
        {
          cassino_store_import_report_clear (&parts);
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                       _("Not a game record: %s"), local->message);
          return FALSE;
        }
      /* the records that did not read are failures of this import */
      report->failed += parts.failed;
      if (report->messages == NULL)
        report->messages = g_steal_pointer (&parts.messages);
      else if (parts.messages)
        g_ptr_array_extend_and_steal (report->messages, g_steal_pointer (&parts.messages));
    }

  import.games = games;
  return cassino_store_transact (store, import_games, &import, error);
}

/* Whether @a and @b name one file: the same inode, or (when not made yet,
 * as a -wal before the database is opened) the same absolute name. */
static gboolean
same_file (const char     *a,
           const GStatBuf *a_st,
           const char     *b)
{
  GStatBuf b_st;
  g_autofree char *ca = NULL;
  g_autofree char *cb = NULL;

  if (a_st && g_stat (b, &b_st) == 0)
    return a_st->st_dev == b_st.st_dev && a_st->st_ino == b_st.st_ino;
  ca = g_canonicalize_filename (a, NULL);
  cb = g_canonicalize_filename (b, NULL);
  return g_str_equal (ca, cb);
}

/* Whether the regular file @path is an SQLite database or the
 * write-ahead log of one (by their first bytes). */
static gboolean
is_database_file (const char *path)
{
  static const guint8 wal_le[4] = { 0x37, 0x7f, 0x06, 0x82 };
  static const guint8 wal_be[4] = { 0x37, 0x7f, 0x06, 0x83 };
  char head[16] = { 0 };
  int n = _cassino_store_read_head (path, head, sizeof head, NULL);

  if (_cassino_store_is_sqlite_header (head, n))
    return TRUE;
  return n >= 4 && (memcmp (head, wal_le, 4) == 0 || memcmp (head, wal_be, 4) == 0);
}

/* -o PATH is written by renaming a new file over it: never over the open
 * database (the file itself, a link to it, its -wal, -shm or -journal),
 * never over what is not a regular file (a symbolic link, a device, a
 * folder), never over another database.  An existing regular file is
 * replaced. */
gboolean
cassino_store_check_output (const char  *option,
                            const char  *output,
                            const char  *database,
                            GError     **error)
{
  static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
  g_autofree char *real = NULL;
  GStatBuf st;
  gboolean exists;

  if (output == NULL || g_str_equal (output, "-"))
    return TRUE;
  exists = g_lstat (output, &st) == 0;
  if (exists && !S_ISREG (st.st_mode))
    {
      if (option)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                     /* Translators: the option ("-o", "--records"), then a file name */
                     _("%s: “%s” is not a regular file (a link, a device or a folder); it is left alone"),
                     option, output);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                     /* Translators: a file chosen to export to */
                     _("“%s” is not a regular file (a link, a device or a folder); it is left alone"),
                     output);
      return FALSE;
    }
  if (database != NULL)
    {
      real = realpath (database, NULL);
      for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
        {
          g_autofree char *named = g_strconcat (database, suffixes[i], NULL);
          g_autofree char *resolved = real ? g_strconcat (real, suffixes[i], NULL) : NULL;

          if (same_file (output, exists ? &st : NULL, named) ||
              (resolved && same_file (output, exists ? &st : NULL, resolved)))
            {
              if (option)
                g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                             /* Translators: the option ("-o", "--records"), a file name, then the database's */
                             _("%s: “%s” would overwrite the database %s; choose another file"),
                             option, output, database);
              else
                g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                                     /* Translators: a toast, when the file chosen to export to is the
                                      * file Cassino records every game in (or one of its files) */
                                     _("That is the game database: choose another file"));
              return FALSE;
            }
        }
    }
  /* any other database (or its write-ahead log): another user's games, the
   * default database while another is open, a copy kept aside */
  if (exists && is_database_file (output))
    {
      if (option)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                     /* Translators: the option ("-o", "--records"), then a file name */
                     _("%s: “%s” is a database (an SQLite file) and would be lost; choose another file"),
                     option, output);
      else
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                             /* Translators: a toast, when the file chosen to export to is a database */
                             _("That file is a database, which the export would replace: choose another file"));
      return FALSE;
    }
  return TRUE;
}
