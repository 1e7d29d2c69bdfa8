/* cassino-cli-db.c: export, import, stats and history
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-cli"

#include "config.h"

#include <errno.h>
#include <inttypes.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cassino-cli.h"
#include "cassino-cli-db.h"
#include "cassino-store-export.h"
#include "cassino-store-history.h"
#include "cassino-store-record.h"
#include "cassino-store-stats.h"
#include "cassino-store-ratings.h"

static int
bad_input (const char *command,
           const char *message)
{
  fprintf (stderr, "cassino-cli %s: %s\n", command, message);
  return 2;
}

static int
failure (const char *command,
         const char *message)
{
  fprintf (stderr, "cassino-cli %s: %s\n", command, message);
  return 1;
}

static gboolean
parse_options (GOptionContext  *context,
               const char      *command,
               int             *argc,
               char          ***argv,
               int             *status)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *status = bad_input (command, error->message);
      return FALSE;
    }
  return TRUE;
}

void
cassino_cli_report_salvage (const char   *command,
                            CassinoStore *store)
{
  guint saved = 0, lost = 0;

  if (cassino_store_get_indexes_rebuilt (store))
    /* Translators: cassino-cli's message when it mended the database; %s is the command */
    fprintf (stderr, _("cassino-cli %s: the database’s indexes did not match its games; "
                       "they were built again, and no game was lost\n"), command);
  if (!cassino_store_get_salvage_counts (store, &saved, &lost))
    return;
  /* Translators: cassino-cli's message when it found the database damaged:
   * the command, the file the damaged one was moved to, games saved, games lost */
  fprintf (stderr, _("cassino-cli %s: the database was damaged; it was moved to %s and a new one started "
                     "with the games that could still be read: %u saved, %u lost\n"),
           command, cassino_store_get_moved_aside_path (store), saved, lost);
}

/* Open the database; @must_exist: do not create one just to read it. */
static CassinoStore *
open_store (const char *command,
            const char *database,
            gboolean    must_exist,
            int        *status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = database ? g_strdup (database) : cassino_store_get_default_path ();
  CassinoStore *store;

  if (must_exist)
    {
      GStatBuf st;

      /* a folder that cannot be entered is not a missing database */
      if (g_stat (path, &st) != 0)
        {
          int err = errno;
          g_autofree char *msg = err == ENOENT
            ? g_strdup_printf (_("there is no database at %s"), path)
            /* Translators: %s: a file; the second: why, e.g. "Permission denied" */
            : g_strdup_printf (_("cannot reach the database %s: %s"), path, g_strerror (err));

          *status = failure (command, msg);
          return NULL;
        }
      /* an empty file holds no games: read as a database, it would be
       * given one (the schema written by a command that only reads) */
      if (S_ISREG (st.st_mode) && st.st_size == 0)
        {
          /* Translators: %s is a file */
          g_autofree char *msg = g_strdup_printf (_("the database %s is an empty file: it holds no games yet"), path);

          *status = failure (command, msg);
          return NULL;
        }
    }
  /* the commands that only read never move or change a damaged file; a
   * command that writes checks the whole file first, however large (a
   * second for 20,000 games): a damaged one is salvaged before anything
   * is written to it */
  store = cassino_store_open_full (path, CASSINO_STORE_OPEN_KEEP_NON_DATABASE |
                                         (must_exist ? CASSINO_STORE_OPEN_NO_SALVAGE
                                                     : CASSINO_STORE_OPEN_CHECK_ALL), &error);
  if (store == NULL)
    {
      *status = failure (command, error->message);
      return NULL;
    }
  cassino_cli_report_salvage (command, store);
  return store;
}

/* A player given by id or by name (humans first, then computers). */
static gint64
find_player (CassinoStore *store,
             const char   *text)
{
  g_autoptr(GPtrArray) players = NULL;
  guint64 id;

  if (g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT64, &id, NULL))
    {
      g_autoptr(CassinoStorePlayer) p = cassino_store_get_player (store, (gint64) id, NULL);

      return p ? (gint64) id : 0;
    }
  id = (guint64) cassino_store_find_human (store, text, NULL);
  if (id != 0)
    return (gint64) id;
  players = cassino_store_list_players (store, TRUE, NULL);
  for (guint i = 0; players && i < players->len; i++)
    {
      const CassinoStorePlayer *p = players->pdata[i];

      if (g_str_equal (p->name, text) || g_strcmp0 (p->level, text) == 0)
        return p->id;
    }
  return 0;
}

static gboolean
check_preset (const char *preset)
{
  CassinoPreset p;

  return preset == NULL || cassino_preset_from_string (preset, &p);
}

/* --players N: -1 when not given */
static gboolean
check_players (int n)
{
  return n == -1 || n == 2 || n == 3 || n == 4 || n == 6;
}

static gboolean
write_output (const char   *output,
              const char   *data,
              gsize         len,
              GError      **error)
{
  if (output == NULL || g_str_equal (output, "-"))
    {
      /* (nothing to write, e.g. every game left out: data may be NULL) */
      if ((len > 0 && fwrite (data, 1, len, stdout) != len) || fflush (stdout) != 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("cannot write to standard output"));
          return FALSE;
        }
      return TRUE;
    }
  return g_file_set_contents (output, data ? data : "", (gssize) len, error);
}

/* export */

int
cassino_cli_db_export (int    argc,
                       char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("— export game records or CSV"));
  g_autofree char *database = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *output = NULL;
  /* (G_MININT64: not given; --game 0 is an id that is not one) */
  gint64 game = G_MININT64, rubber = G_MININT64;
  gboolean all = FALSE;
  GOptionEntry entries[] = {
    { "database", 'd', 0, G_OPTION_ARG_FILENAME, &database, N_("The database (default: the user’s)"), N_("PATH") },
    { "game", 0, 0, G_OPTION_ARG_INT64, &game, N_("Export one game"), N_("ID") },
    { "rubber", 0, 0, G_OPTION_ARG_INT64, &rubber, N_("Export the games of a rubber"), N_("ID") },
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, N_("Export every game"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_STRING, &csv, N_("CSV of the games or of the statistics"), N_("games|stats") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write to FILE (default: standard output)"), N_("FILE") },
    { NULL }
  };
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) skipped = NULL;
  int status = 0;
  guint n_choices;
  gboolean ok;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!parse_options (context, "export", &argc, &argv, &status))
    return status;
  if (argc > 1)
    return bad_input ("export", _("unexpected argument; use --game, --rubber, --all or --csv"));
  n_choices = (game != G_MININT64) + (rubber != G_MININT64) + (all != FALSE) + (csv != NULL);
  if (n_choices == 0)
    return bad_input ("export", _("say what to export: --game ID, --rubber ID, --all or --csv games|stats"));
  if (n_choices > 1)
    return bad_input ("export", _("--game, --rubber, --all and --csv cannot be combined"));
  if (game != G_MININT64 && game <= 0)
    return bad_input ("export", _("an id is a positive number"));
  if (rubber != G_MININT64 && rubber <= 0)
    return bad_input ("export", _("an id is a positive number"));
  if (csv && !g_str_equal (csv, "games") && !g_str_equal (csv, "stats"))
    return bad_input ("export", _("--csv takes “games” or “stats”"));

  store = open_store ("export", database, TRUE, &status);
  if (store == NULL)
    return status;
  /* checked with the database open: its -wal is there now */
  if (!cassino_store_check_output ("-o", output, cassino_store_get_path (store), &error))
    return bad_input ("export", error->message);

  out = g_memory_output_stream_new_resizable ();
  if (csv && g_str_equal (csv, "games"))
    ok = cassino_store_export_games_csv (store, NULL, out, &error);
  else if (csv)
    ok = cassino_store_export_stats_csv (store, out, &error);
  else
    ok = cassino_store_export_records (store,
                                       game != G_MININT64 ? CASSINO_STORE_EXPORT_GAME
                                       : rubber != G_MININT64 ? CASSINO_STORE_EXPORT_RUBBER
                                       : CASSINO_STORE_EXPORT_ALL,
                                       game != G_MININT64 ? game : rubber != G_MININT64 ? rubber : 0,
                                       out, NULL, &skipped, &error);
  if (!ok)
    {
      /* no such game, or a game whose stored rules or moves cannot be read */
      if (g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND) ||
          g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY))
        return bad_input ("export", error->message);
      return failure ("export", error->message);
    }
  if (!g_output_stream_close (out, NULL, &error))
    return failure ("export", error->message);
  if (!write_output (output,
                     g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                     g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)),
                     &error))
    {
      /* standard output: said once, with why, as the program exits (it
       * was said twice) */
      if (output == NULL || g_str_equal (output, "-"))
        return 1;
      return failure ("export", error->message);
    }
  /* the others were written; each game left out is named, and the
   * status says that not everything was */
  for (guint i = 0; skipped && i < skipped->len; i++)
    {
      /* Translators: %s says which game could not be read and why */
      g_autofree char *msg = g_strdup_printf (_("left out: %s"), (const char *) skipped->pdata[i]);

      status = failure ("export", msg);
    }
  return status;
}

/* import */

int
cassino_cli_db_import (int    argc,
                       char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE… — import game records"));
  g_autofree char *database = NULL;
  GOptionEntry entries[] = {
    { "database", 'd', 0, G_OPTION_ARG_FILENAME, &database, N_("The database (default: the user’s)"), N_("PATH") },
    { NULL }
  };
  g_autoptr(CassinoStore) store = NULL;
  guint imported = 0, skipped = 0, failed = 0, unread = 0;
  int status = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!parse_options (context, "import", &argc, &argv, &status))
    return status;
  if (argc < 2)
    return bad_input ("import", _("give one or more record files (“-” for standard input)"));

  store = open_store ("import", database, FALSE, &status);
  if (store == NULL)
    return status;

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      CassinoStoreImportReport report = { 0 };
      gsize len = 0;

      text = cassino_cli_read_input (argv[i], &len, &error);
      if (text == NULL)
        {
          g_autofree char *msg = g_strdup_printf ("%s: %s", argv[i], error->message);

          int code = bad_input ("import", msg);

          status = MAX (status, code);
          unread++;
          continue;
        }
      if (!cassino_store_import_records (store, text, (gssize) len, &report, &error))
        {
          g_autofree char *msg = g_strdup_printf ("%s: %s", argv[i], error->message);

          int code = g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID)
                     ? bad_input ("import", msg) : failure ("import", msg);

          status = MAX (status, code);
          unread++;
          continue;
        }
      for (guint k = 0; report.messages && k < report.messages->len; k++)
        fprintf (stderr, "cassino-cli import: %s: %s\n", argv[i], (const char *) report.messages->pdata[k]);
      imported += report.imported;
      skipped += report.skipped;
      failed += report.failed;
      if (report.failed)
        status = MAX (status, 1);
      cassino_store_import_report_clear (&report);
    }
  /* a file refused whole (not a record, or the database refused it) is
   * not "failed 0": say how many files were not imported */
  if (unread == 0)
    printf (_("imported %u, skipped %u (already present), failed %u\n"), imported, skipped, failed);
  else
    /* Translators: the last number counts files; the plural follows it */
    printf (g_dngettext (GETTEXT_PACKAGE,
                         "imported %u, skipped %u (already present), failed %u; %u file not imported\n",
                         "imported %u, skipped %u (already present), failed %u; %u files not imported\n",
                         unread),
            imported, skipped, failed, unread);
  return status;
}

/* stats */

static void
stats_to_json (JsonBuilder             *b,
               const CassinoStoreStats *st,
               CassinoStore            *store,
               const char              *preset)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "player_id");
  json_builder_add_int_value (b, st->player_id);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, st->name);
#define INT(name, v) json_builder_set_member_name (b, name); json_builder_add_int_value (b, v)
#define DBL(name, v) json_builder_set_member_name (b, name); json_builder_add_double_value (b, v)
  INT ("games", st->games);
  INT ("wins", st->wins);
  INT ("draws", st->draws);
  INT ("losses", st->losses);
  DBL ("win_percent", st->win_percent);
  INT ("rubbers", st->rubbers);
  INT ("rubbers_won", st->rubbers_won);
  INT ("deals", st->deals);
  INT ("points", st->points);
  DBL ("points_per_deal", st->points_per_deal);
  json_builder_set_member_name (b, "categories");
  json_builder_begin_object (b);
  for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
    {
      json_builder_set_member_name (b, cassino_category_to_string (c));
      json_builder_begin_object (b);
      INT ("points", st->category_points[c]);
      DBL ("percent", st->category_percent[c]);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  INT ("sweeps", st->sweeps);
  /* each over the deals of the variants that have it (the *_deals) */
  INT ("sweep_deals", st->sweep_deals);
  DBL ("sweeps_per_deal", st->sweeps_per_deal);
  INT ("big_cassino_deals", st->big_cassino_deals);
  DBL ("big_cassino_percent", st->big_cassino_percent);
  INT ("little_cassino_deals", st->little_cassino_deals);
  DBL ("little_cassino_percent", st->little_cassino_percent);
  INT ("seven_diamonds_deals", st->seven_diamonds_deals);
  DBL ("seven_diamonds_percent", st->seven_diamonds_percent);
  INT ("builds", st->builds);
  INT ("builds_taken", st->builds_taken);
  DBL ("builds_taken_percent", st->builds_taken_percent);
  INT ("current_streak", st->current_streak);
  INT ("longest_win_streak", st->longest_win_streak);
  INT ("longest_loss_streak", st->longest_loss_streak);
  INT ("best_game_id", st->best_game_id);
  INT ("best_game_margin", st->best_game_margin);
  INT ("time_played", st->time_played);
  if (preset)
    {
      g_autoptr(CassinoStoreRating) r = cassino_store_get_rating (store, st->player_id, preset, NULL);

      if (r)
        {
          json_builder_set_member_name (b, "rating");
          json_builder_begin_object (b);
          DBL ("rating", r->glicko.rating);
          DBL ("rd", r->glicko.rd);
          DBL ("volatility", r->glicko.volatility);
          INT ("games", r->games);
          json_builder_set_member_name (b, "anchored");
          json_builder_add_boolean_value (b, r->anchored);
          json_builder_end_object (b);
        }
    }
  json_builder_set_member_name (b, "head_to_head");
  json_builder_begin_array (b);
  for (guint i = 0; i < st->head_to_head->len; i++)
    {
      const CassinoStoreHeadToHead *h = st->head_to_head->pdata[i];

      json_builder_begin_object (b);
      INT ("opponent_id", h->opponent_id);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, h->name);
      INT ("games", h->games);
      INT ("wins", h->wins);
      INT ("draws", h->draws);
      INT ("losses", h->losses);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
#undef INT
#undef DBL
  json_builder_end_object (b);
}

static void
print_stats (const CassinoStoreStats *st,
             CassinoStore            *store,
             const char              *preset)
{
  gint64 t = st->time_played;

  printf ("%s (%" G_GINT64_FORMAT ")\n", st->name, st->player_id);
  printf (_("  games %u: won %u, drawn %u, lost %u (%.1f%% won)\n"),
          st->games, st->wins, st->draws, st->losses, st->win_percent);
  printf (_("  rubbers %u, won %u\n"), st->rubbers, st->rubbers_won);
  printf (_("  deals %u, points %u (%.2f a deal)\n"), st->deals, st->points, st->points_per_deal);
  for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
    if (st->category_points[c])
      printf ("    %-16s %5u  %5.1f%%\n", cassino_category_to_string (c),
              st->category_points[c], st->category_percent[c]);
  if (st->sweep_deals)
    printf (_("  sweeps %u (%.2f a deal)\n"), st->sweeps, st->sweeps_per_deal);
  if (st->big_cassino_deals || st->little_cassino_deals)
    printf (_("  Big Cassino taken in %.1f%% of deals, Little Cassino in %.1f%%\n"),
            st->big_cassino_percent, st->little_cassino_percent);
  if (st->seven_diamonds_deals)
    printf (_("  seven of diamonds taken in %.1f%% of deals\n"), st->seven_diamonds_percent);
  if (st->building_games)
    printf (_("  builds %u, taken by their builder %u (%.1f%%)\n"),
            st->builds, st->builds_taken, st->builds_taken_percent);
  printf (_("  streak now %+d; longest: %u won, %u lost\n"),
          st->current_streak, st->longest_win_streak, st->longest_loss_streak);
  if (st->best_game_id)
    printf (_("  best game %" PRId64 " (won by %d)\n"), st->best_game_id, st->best_game_margin);
  printf (_("  time played %" PRId64 ":%02d:%02d\n"),
          t / 3600, (int) (t / 60 % 60), (int) (t % 60));
  if (preset)
    {
      g_autoptr(CassinoStoreRating) r = cassino_store_get_rating (store, st->player_id, preset, NULL);

      if (r)
        printf (_("  rating (%s) %.0f ± %.0f%s\n"), preset, r->glicko.rating, 2 * r->glicko.rd,
                r->anchored ? _(" (fixed)") : "");
    }
  for (guint i = 0; i < st->head_to_head->len; i++)
    {
      const CassinoStoreHeadToHead *h = st->head_to_head->pdata[i];

      /* Translators: a line of cassino-cli stats: the opponent, the games (the plural
       * follows them), won, drawn and lost */
      printf (g_dngettext (GETTEXT_PACKAGE, "  against %s: %u game, won %u, drawn %u, lost %u\n",
                           "  against %s: %u games, won %u, drawn %u, lost %u\n", h->games),
              h->name, h->games, h->wins, h->draws, h->losses);
    }
}

int
cassino_cli_db_stats (int    argc,
                      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("— a player’s statistics"));
  g_autofree char *database = NULL;
  g_autofree char *player = NULL;
  g_autofree char *preset = NULL;
  int n_players = -1;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "database", 'd', 0, G_OPTION_ARG_FILENAME, &database, N_("The database (default: the user’s)"), N_("PATH") },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, N_("The player (default: every player who has played)"), N_("NAME|ID") },
    { "preset", 0, 0, G_OPTION_ARG_STRING, &preset, N_("Only games of this preset"), N_("PRESET") },
    { "players", 0, 0, G_OPTION_ARG_INT, &n_players, N_("Only games with this many players"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  CassinoStoreStatsFilter filter = { 0 };
  int status = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!parse_options (context, "stats", &argc, &argv, &status))
    return status;
  if (argc > 1)
    return bad_input ("stats", _("unexpected argument; name the player with --player"));
  if (!check_preset (preset))
    return bad_input ("stats", _("--preset: not a preset name (classic, english, american, …)"));
  if (!check_players (n_players))
    return bad_input ("stats", _("--players: a game has 2, 3, 4 or 6 players"));

  store = open_store ("stats", database, TRUE, &status);
  if (store == NULL)
    return status;

  if (player)
    {
      gint64 id = find_player (store, player);

      if (id == 0)
        {
          g_autofree char *quoted = cassino_input_excerpt (player, -1);
      g_autofree char *msg = g_strdup_printf (_("--player: no player “%s”"), quoted);

          return bad_input ("stats", msg);
        }
      g_array_append_val (ids, id);
    }
  else
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) players = cassino_store_list_players (store, FALSE, &error);

      if (players == NULL)
        return failure ("stats", error->message);
      for (guint i = 0; i < players->len; i++)
        {
          const CassinoStorePlayer *p = players->pdata[i];
          g_auto(GStrv) groups = cassino_store_get_player_groups (store, p->id, NULL);

          if (groups && groups[0])
            g_array_append_val (ids, p->id);
        }
    }

  filter.preset = preset;
  filter.n_players = n_players > 0 ? (guint) n_players : 0;
  if (json)
    json_builder_begin_array (builder);
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CassinoStoreStats) st = cassino_store_get_player_stats (store, g_array_index (ids, gint64, i),
                                                                        &filter, CASSINO_STORE_STATS_DEFAULT,
                                                                        &error);

      if (st == NULL)
        return failure ("stats", error->message);
      if (json)
        stats_to_json (builder, st, store, preset);
      else
        print_stats (st, store, preset);
    }
  if (json)
    {
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_end_array (builder);
      root = json_builder_get_root (builder);
      json_generator_set_root (gen, root);
      json_generator_set_pretty (gen, TRUE);
      text = json_generator_to_data (gen, NULL);
      printf ("%s\n", text);
    }
  return 0;
}

/* history */

static gboolean
parse_date (const char *text,
            gint64     *out)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (text, utc);
  int y, m, d;
  char extra;

  if (dt == NULL && sscanf (text, "%d-%d-%d%c", &y, &m, &d, &extra) == 3)
    dt = g_date_time_new_utc (y, m, d, 0, 0, 0);
  if (dt == NULL)
    return FALSE;
  *out = g_date_time_to_unix (dt);
  return TRUE;
}

/* "STARTED:ID", two whole numbers and nothing else (sscanf took "1:2:3",
 * "1:6x" and numbers past 64 bits). */
static gboolean
parse_cursor (const char *text,
              gint64     *out_started,
              gint64     *out_id)
{
  g_auto(GStrv) parts = g_strsplit (text, ":", -1);
  guint64 id;

  if (g_strv_length (parts) != 2 ||
      !g_ascii_string_to_signed (parts[0], 10, G_MININT64, G_MAXINT64, out_started, NULL) ||
      !g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXINT64, &id, NULL))
    return FALSE;
  *out_id = (gint64) id;
  return TRUE;
}

int
cassino_cli_db_history (int    argc,
                        char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("— list recorded games, newest first"));
  g_autofree char *database = NULL;
  g_autofree char *player = NULL;
  g_autofree char *opponent = NULL;
  g_autofree char *preset = NULL;
  g_autofree char *since = NULL;
  g_autofree char *until = NULL;
  g_autofree char *result = NULL;
  g_autofree char *after = NULL;
  int n_players = -1, limit = 20;
  gboolean oldest_first = FALSE, json = FALSE;
  GOptionEntry entries[] = {
    { "database", 'd', 0, G_OPTION_ARG_FILENAME, &database, N_("The database (default: the user’s)"), N_("PATH") },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, N_("Games of this player"), N_("NAME|ID") },
    { "opponent", 0, 0, G_OPTION_ARG_STRING, &opponent, N_("… against this player"), N_("NAME|ID") },
    { "preset", 0, 0, G_OPTION_ARG_STRING, &preset, N_("Only games of this preset"), N_("PRESET") },
    { "players", 0, 0, G_OPTION_ARG_INT, &n_players, N_("Only games with this many players"), N_("N") },
    { "since", 0, 0, G_OPTION_ARG_STRING, &since, N_("Started on or after"), N_("YYYY-MM-DD") },
    { "until", 0, 0, G_OPTION_ARG_STRING, &until, N_("Started before"), N_("YYYY-MM-DD") },
    { "result", 0, 0, G_OPTION_ARG_STRING, &result, N_("won, lost, drawn, unfinished or finished"), N_("RESULT") },
    { "oldest-first", 0, 0, G_OPTION_ARG_NONE, &oldest_first, N_("Oldest games first"), NULL },
    { "limit", 'n', 0, G_OPTION_ARG_INT, &limit, N_("Games per page (default 20)"), N_("N") },
    { "after", 0, 0, G_OPTION_ARG_STRING, &after, N_("Start after this cursor (printed with each page)"), N_("CURSOR") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object per game"), NULL },
    { NULL }
  };
  static const char *const results[] = { "any", "won", "lost", "drawn", "unfinished", "finished" };
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(GPtrArray) page = NULL;
  g_autoptr(GError) error = NULL;
  CassinoStoreHistoryFilter filter = { 0 };
  CassinoStoreHistoryCursor cursor = { 0 };
  CassinoStoreHistoryCursor next = { 0 };
  int status = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!parse_options (context, "history", &argc, &argv, &status))
    return status;
  if (argc > 1)
    return bad_input ("history", _("unexpected argument"));
  if (!check_preset (preset))
    return bad_input ("history", _("--preset: not a preset name (classic, english, american, …)"));
  if (!check_players (n_players))
    return bad_input ("history", _("--players: a game has 2, 3, 4 or 6 players"));
  if (limit < 1 || limit > 10000)
    return bad_input ("history", _("--limit: a number from 1 to 10000"));
  if (since && !parse_date (since, &filter.since))
    return bad_input ("history", _("--since: a date such as 2026-03-01"));
  if (until && !parse_date (until, &filter.until))
    return bad_input ("history", _("--until: a date such as 2026-03-01"));
  if (result)
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (results); i++)
        if (g_str_equal (result, results[i]))
          break;
      if (i == G_N_ELEMENTS (results))
        return bad_input ("history", _("--result: won, lost, drawn, unfinished or finished"));
      filter.result = (CassinoStoreResult) i;
    }
  if (after && !parse_cursor (after, &cursor.started, &cursor.id))
    return bad_input ("history", _("--after: a cursor such as 1767225600:42"));

  store = open_store ("history", database, TRUE, &status);
  if (store == NULL)
    return status;
  if (player && (filter.player_id = find_player (store, player)) == 0)
    {
      g_autofree char *quoted = cassino_input_excerpt (player, -1);
      g_autofree char *msg = g_strdup_printf (_("--player: no player “%s”"), quoted);

      return bad_input ("history", msg);
    }
  if (opponent && (filter.opponent_id = find_player (store, opponent)) == 0)
    {
      g_autofree char *quoted = cassino_input_excerpt (opponent, -1);
      g_autofree char *msg = g_strdup_printf (_("--opponent: no player “%s”"), quoted);

      return bad_input ("history", msg);
    }
  filter.preset = preset;
  filter.n_players = n_players > 0 ? (guint) n_players : 0;
  filter.oldest_first = oldest_first;

  page = cassino_store_get_history_page (store, &filter, &cursor, (guint) limit, &next, &error);
  if (page == NULL)
    return failure ("history", error->message);

  for (guint i = 0; i < page->len; i++)
    {
      const CassinoStoreGameSummary *s = page->pdata[i];
      /* local time; a game recorded with its day only (kept as midnight
       * UTC of that day) has no time */
      g_autoptr(GDateTime) dt = s->start_known ? g_date_time_new_from_unix_local (s->started)
                                               : g_date_time_new_from_unix_utc (s->started);
      g_autofree char *date = dt ? g_date_time_format (dt, s->start_known ? "%Y-%m-%d %H:%M" : "%Y-%m-%d --:--")
                                 : g_strdup ("?");
      g_autoptr(GString) seats = g_string_new (NULL);
      g_autoptr(GString) score = g_string_new (NULL);

      for (guint k = 0; k < s->n_seats; k++)
        {
          /* one line per game: a line break or tab in a name (a damaged
           * or foreign file) is shown as a space (the JSON keeps it) */
          g_autofree char *name = g_strdup (s->seats[k].name);

          g_strdelimit (name, "\t\n\r\v\f", ' ');
          g_string_append_printf (seats, "%s%s", k ? ", " : "", name);
        }
      for (guint k = 0; k < s->n_sides; k++)
        g_string_append_printf (score, "%s%u", k ? "-" : "", s->scores[k]);

      if (json)
        {
          g_autoptr(JsonBuilder) b = json_builder_new ();
          g_autoptr(JsonGenerator) gen = json_generator_new ();
          g_autoptr(JsonNode) root = NULL;
          g_autofree char *text = NULL;

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "id");
          json_builder_add_int_value (b, s->id);
          json_builder_set_member_name (b, "started");
          json_builder_add_int_value (b, s->started);
          json_builder_set_member_name (b, "start_known");
          json_builder_add_boolean_value (b, s->start_known);
          json_builder_set_member_name (b, "ended");
          json_builder_add_int_value (b, s->ended);
          json_builder_set_member_name (b, "preset");
          json_builder_add_string_value (b, s->preset);
          json_builder_set_member_name (b, "players");
          json_builder_add_int_value (b, s->n_players);
          json_builder_set_member_name (b, "state");
          json_builder_add_string_value (b, s->state);
          json_builder_set_member_name (b, "winner_side");
          json_builder_add_int_value (b, s->winner_side);
          json_builder_set_member_name (b, "seats");
          json_builder_begin_array (b);
          for (guint k = 0; k < s->n_seats; k++)
            json_builder_add_string_value (b, s->seats[k].name);
          json_builder_end_array (b);
          json_builder_set_member_name (b, "scores");
          json_builder_begin_array (b);
          for (guint k = 0; k < s->n_sides; k++)
            json_builder_add_int_value (b, s->scores[k]);
          json_builder_end_array (b);
          json_builder_end_object (b);
          root = json_builder_get_root (b);
          json_generator_set_root (gen, root);
          text = json_generator_to_data (gen, NULL);
          printf ("%s\n", text);
        }
      else
        printf ("%6" G_GINT64_FORMAT "  %s  %-10s %u  %-10s %-8s %s\n", s->id, date, s->preset,
                s->n_players, s->state, score->str, seats->str);
    }
  if (next.id != 0)
    fprintf (stderr, _("more: --after %" PRId64 ":%" PRId64 "\n"), next.started, next.id);
  return 0;
}
