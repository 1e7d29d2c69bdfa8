/* cassino-store-scan.c: reading a damaged database page by page
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A database file whose first page is damaged (SQLite's header, and the
 * schema that says where each table begins) cannot be opened at all, yet
 * every other page still holds its rows.  This reads such a file the way
 * SQLite's file format lays it out (https://www.sqlite.org/fileformat2.html):
 * every b-tree page that holds rows (a table's leaves; for the tables
 * WITHOUT ROWID, every page of their b-tree), each cell's record with its
 * overflow pages, and tells the rows of the store's own tables apart by
 * their shape: how many columns, and what kind of value each holds.  The
 * rows go into a new database with the store's schema, which the salvage
 * (cassino-store-salvage.c) then reads as it reads any damaged file.
 *
 * Only the tables that make up a game's record are read (and the players,
 * rule sets and rubbers they name); game_sides is left out (its rows have
 * the shape of several indexes' entries) and is replayed instead
 * (_cassino_store_salvage_finish()), as are the derived tables.  Every
 * read is checked against the page's bounds: the file is hostile input.
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include <string.h>

#include "cassino-store-private.h"

/* A table as its rows look in a record: a letter a column.  N the rowid
 * (an INTEGER PRIMARY KEY is stored as NULL), i an integer, n an integer
 * or NULL, t text, u text or NULL, b a blob, r a number or NULL. */
typedef struct {
  const char *table;
  gboolean    rowid;     /* a table b-tree (else WITHOUT ROWID: an index b-tree) */
  const char *shape;
  const char *columns;
} Shape;

static const Shape shapes[] = {
  { "players", TRUE, "Nituuuuii", "id, kind, name, level, engine_version, colour, avatar, archived, created" },
  { "rulesets", TRUE, "Ntit", "id, preset, n_players, options" },
  { "rubbers", TRUE, "Niitinn", "id, ruleset_id, games_needed, state, started, ended, winner_side" },
  { "games", TRUE, "Ntiniittinunni",
    "id, game_key, ruleset_id, rubber_id, seed, first_dealer, source, state, started, ended, "
    "termination, winner_side, value, start_known" },
  { "deals", TRUE, "Niiiibinn", "id, game_id, number, dealer, seed, deck, finished, last_cards, last_cards_side" },
  { "game_seats", FALSE, "iiiit", "game_id, seat, side, player_id, name" },
  { "game_tags", FALSE, "itit", "game_id, name, position, value" },
  { "moves", FALSE, "iiitiiiiiinrii",
    "deal_id, ply, seat, notation, type, card, cards, value, multiple, sweep, think_ms, ai_value, "
    "hint_used, undo_used" },
  { "deal_scores", FALSE, "iiiiiiiiiiiiiiiiii",
    "deal_id, side, cards, spades, big_cassino, little_cassino, aces, sweeps, diamonds, seven_diamonds, "
    "fours, total, game_points, n_cards, n_spades, n_diamonds, n_sweeps, pile" },
};

#define MAX_COLUMNS 32

typedef struct {
  const guint8 *data;
  gsize         size;
  guint         page_size;
  guint         n_pages;
  sqlite3      *out;
  sqlite3_stmt *insert[G_N_ELEMENTS (shapes)];
  guint         rows;
} Scan;

/* A varint at @p (at most 9 bytes, none past @end): its length, 0 when
 * it runs past @end. */
static guint
get_varint (const guint8 *p,
            const guint8 *end,
            guint64      *out)
{
  guint64 v = 0;

  for (guint i = 0; i < 9; i++)
    {
      if (p + i >= end)
        return 0;
      if (i == 8)
        {
          *out = (v << 8) | p[i];
          return 9;
        }
      v = (v << 7) | (p[i] & 0x7f);
      if ((p[i] & 0x80) == 0)
        {
          *out = v;
          return i + 1;
        }
    }
  return 0;
}

static guint
get_u16 (const guint8 *p)
{
  return ((guint) p[0] << 8) | p[1];
}

static guint32
get_u32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static const guint8 *
page_at (const Scan *s,
         guint32     pgno)
{
  if (pgno == 0 || pgno > s->n_pages)
    return NULL;
  return s->data + (gsize) (pgno - 1) * s->page_size;
}

/* The payload of a cell whose first @local bytes are at @p, followed (when
 * @total is more) by the number of its first overflow page; NULL when a
 * page of the chain is missing or the chain is too long. */
static guint8 *
read_payload (const Scan   *s,
              const guint8 *p,
              const guint8 *end,
              guint64       total,
              guint         local)
{
  guint8 *payload;
  gsize have = local;
  guint32 next;
  guint hops = 0;

  if (total > 16 * 1024 * 1024 || p + local > end || (local < total && p + local + 4 > end))
    return NULL;
  payload = g_malloc (total ? total : 1);
  memcpy (payload, p, local);
  if (local == total)
    return payload;
  next = get_u32 (p + local);
  while (have < total)
    {
      const guint8 *over = page_at (s, next);
      gsize chunk = MIN ((gsize) s->page_size - 4, total - have);

      if (over == NULL || ++hops > s->n_pages)
        {
          g_free (payload);
          return NULL;
        }
      memcpy (payload + have, over + 4, chunk);
      have += chunk;
      next = get_u32 (over);
    }
  return payload;
}

/* How much of a payload of @total bytes lies on the page (SQLite's
 * rule), for a table leaf or (with @index) an index page. */
static guint
local_size (const Scan *s,
            guint64     total,
            gboolean    index)
{
  guint u = s->page_size;
  guint x = index ? (u - 12) * 64 / 255 - 23 : u - 35;
  guint m = (u - 12) * 32 / 255 - 23;
  guint k;

  if (total <= x)
    return (guint) total;
  k = m + (guint) ((total - m) % (u - 4));
  return k <= x ? k : m;
}

typedef struct {
  int           type;             /* SQLITE_INTEGER … SQLITE_NULL */
  gint64        i;
  double        d;
  const guint8 *bytes;
  guint64       n;
} Value;

/* The columns of @record (@size bytes) into @values: their number, or -1
 * when it is not a well-formed record. */
static int
parse_record (const guint8 *record,
              gsize         size,
              Value        *values)
{
  const guint8 *end = record + size;
  guint64 header, type;
  guint n, at;
  const guint8 *body;
  int count = 0;

  n = get_varint (record, end, &header);
  if (n == 0 || header > size || header < n)
    return -1;
  body = record + header;
  for (at = n; at < header; at += n)
    {
      Value *v = &values[count];
      guint len = 0;

      n = get_varint (record + at, record + header, &type);
      if (n == 0 || count >= MAX_COLUMNS)
        return -1;
      memset (v, 0, sizeof *v);
      switch (type)
        {
        case 0:
          v->type = SQLITE_NULL;
          break;
        case 1: case 2: case 3: case 4: case 5: case 6:
          {
            static const guint widths[] = { 0, 1, 2, 3, 4, 6, 8 };
            gint64 x;

            len = widths[type];
            if (body + len > end)
              return -1;
            x = (body[0] & 0x80) ? -1 : 0;
            for (guint b = 0; b < len; b++)
              x = (gint64) (((guint64) x << 8) | body[b]);
            v->type = SQLITE_INTEGER;
            v->i = x;
          }
          break;
        case 7:
          {
            guint64 bits = 0;

            len = 8;
            if (body + len > end)
              return -1;
            for (guint b = 0; b < 8; b++)
              bits = (bits << 8) | body[b];
            v->type = SQLITE_FLOAT;
            memcpy (&v->d, &bits, sizeof v->d);
          }
          break;
        case 8:
        case 9:
          v->type = SQLITE_INTEGER;
          v->i = type - 8;
          break;
        case 10:
        case 11:
          return -1;     /* reserved */
        default:
          if (type - 12 > (guint64) (end - body) * 2 + 1)
            return -1;
          v->type = type % 2 ? SQLITE_TEXT : SQLITE_BLOB;
          v->n = (type - (type % 2 ? 13 : 12)) / 2;
          v->bytes = body;
          if (body + v->n > end)
            return -1;
          len = (guint) v->n;
          break;
        }
      body += len;
      count++;
    }
  return body == end ? count : -1;
}

static gboolean
fits (const Shape *shape,
      const Value *values,
      int          n)
{
  if ((gsize) n != strlen (shape->shape))
    return FALSE;
  for (int c = 0; c < n; c++)
    {
      int t = values[c].type;

      switch (shape->shape[c])
        {
        case 'N':
          if (t != SQLITE_NULL)
            return FALSE;
          break;
        case 'i':
          if (t != SQLITE_INTEGER)
            return FALSE;
          break;
        case 'n':
          if (t != SQLITE_INTEGER && t != SQLITE_NULL)
            return FALSE;
          break;
        case 't':
          if (t != SQLITE_TEXT || !g_utf8_validate ((const char *) values[c].bytes, (gssize) values[c].n, NULL))
            return FALSE;
          break;
        case 'u':
          if (t == SQLITE_NULL)
            break;
          if (t != SQLITE_TEXT || !g_utf8_validate ((const char *) values[c].bytes, (gssize) values[c].n, NULL))
            return FALSE;
          break;
        case 'b':
          if (t != SQLITE_BLOB)
            return FALSE;
          break;
        case 'r':
          if (t == SQLITE_TEXT || t == SQLITE_BLOB)
            return FALSE;
          break;
        default:
          return FALSE;
        }
    }
  return TRUE;
}

/* One record of a page: into the new database when it has the shape of
 * one of the tables read. */
static void
take_record (Scan         *s,
             gboolean      index,
             gint64        rowid,
             const guint8 *record,
             gsize         size)
{
  Value values[MAX_COLUMNS];
  int n = parse_record (record, size, values);

  if (n <= 0)
    return;
  for (guint t = 0; t < G_N_ELEMENTS (shapes); t++)
    {
      sqlite3_stmt *stmt = s->insert[t];

      if (shapes[t].rowid == index || !fits (&shapes[t], values, n))
        continue;
      sqlite3_reset (stmt);
      for (int c = 0; c < n; c++)
        {
          const Value *v = &values[c];

          if (c == 0 && shapes[t].rowid)
            sqlite3_bind_int64 (stmt, 1, rowid);
          else if (v->type == SQLITE_INTEGER)
            sqlite3_bind_int64 (stmt, c + 1, v->i);
          else if (v->type == SQLITE_FLOAT)
            sqlite3_bind_double (stmt, c + 1, v->d);
          else if (v->type == SQLITE_TEXT)
            sqlite3_bind_text (stmt, c + 1, (const char *) v->bytes, (int) v->n, SQLITE_TRANSIENT);
          else if (v->type == SQLITE_BLOB)
            sqlite3_bind_blob (stmt, c + 1, v->bytes, (int) v->n, SQLITE_TRANSIENT);
          else
            sqlite3_bind_null (stmt, c + 1);
        }
      if (sqlite3_step (stmt) == SQLITE_DONE && sqlite3_changes (s->out) > 0)
        s->rows++;
      sqlite3_reset (stmt);
      return;
    }
}

/* A cell of a b-tree page: its payload (overflow pages read), its rowid
 * (of a table leaf), and on an interior index page its left child. */
typedef void (*CellFunc) (Scan         *s,
                          guint         type,
                          guint32       child,
                          gint64        rowid,
                          const guint8 *payload,
                          gsize         size,
                          gpointer      data);

/* Every cell of page @pgno that holds a record (a table leaf's rows, or
 * the entries of an index b-tree page, leaf or interior: a table WITHOUT
 * ROWID keeps rows in both), to @func.  Returns the page's type, 0 when
 * it is none of those. */
static guint
for_each_cell (Scan     *s,
               guint32   pgno,
               CellFunc  func,
               gpointer  data)
{
  const guint8 *page = page_at (s, pgno);
  const guint8 *end, *head;
  guint type, n_cells, header;

  if (page == NULL)
    return 0;
  end = page + s->page_size;
  head = page + (pgno == 1 ? 100 : 0);
  type = head[0];
  if (type != 0x0d && type != 0x0a && type != 0x02)
    return 0;
  header = type == 0x02 ? 12 : 8;
  n_cells = get_u16 (head + 3);
  if (head + header + 2 * (gsize) n_cells > end)
    return 0;
  for (guint c = 0; c < n_cells; c++)
    {
      guint offset = get_u16 (head + header + 2 * c);
      const guint8 *cell = page + offset;
      guint64 total, rowid = 0;
      guint32 child = 0;
      guint n;
      g_autofree guint8 *payload = NULL;

      if (offset < header || cell + 4 >= end)
        continue;
      if (type == 0x02)
        {
          child = get_u32 (cell);
          cell += 4;
        }
      n = get_varint (cell, end, &total);
      if (n == 0)
        continue;
      cell += n;
      if (type == 0x0d)
        {
          n = get_varint (cell, end, &rowid);
          if (n == 0)
            continue;
          cell += n;
        }
      payload = read_payload (s, cell, end, total, local_size (s, total, type != 0x0d));
      if (payload != NULL)
        func (s, type, child, (gint64) rowid, payload, total, data);
    }
  return type;
}

static void
take_cell (Scan         *s,
           guint         type,
           guint32       child,
           gint64        rowid,
           const guint8 *payload,
           gsize         size,
           gpointer      data)
{
  take_record (s, type != 0x0d, rowid, payload, size);
}

/* Whether the @p bytes at @page look like a b-tree page: a known type,
 * and a cell pointer array whose every entry lies in the cell content
 * area. */
static gboolean
looks_like_btree (const guint8 *page,
                  guint         p)
{
  guint type = page[0];
  guint header = type == 0x05 || type == 0x02 ? 12 : 8;
  guint n, content;

  if (type != 0x0d && type != 0x0a && type != 0x05 && type != 0x02)
    return FALSE;
  n = get_u16 (page + 3);
  content = get_u16 (page + 5);
  if (content == 0)
    content = 65536;
  if (n == 0 || header + 2 * n > content || content > p)
    return FALSE;
  for (guint c = 0; c < n; c++)
    {
      guint offset = get_u16 (page + header + 2 * c);

      if (offset < content || offset >= p)
        return FALSE;
    }
  return TRUE;
}

/* The page size: the header's when it is whole, else the one of SQLite's
 * sizes under which b-tree pages cover most of the file (a smaller size
 * also finds every page of the right one, but covers less with them). */
static guint
guess_page_size (const guint8 *data,
                 gsize         size)
{
  guint best = 4096;
  guint64 best_bytes = 0;

  if (size >= 100 && memcmp (data, "SQLite format 3", 16) == 0)
    {
      guint declared = get_u16 (data + 16);

      if (declared == 1)
        declared = 65536;
      if (declared >= 512 && declared <= 65536 && (declared & (declared - 1)) == 0 &&
          data[20] == 0 && size % declared == 0)
        return declared;
    }
  for (guint p = 512; p <= 65536; p *= 2)
    {
      guint64 bytes = 0;

      if (size % p != 0)
        continue;
      for (gsize at = p; at + p <= size; at += p)
        bytes += looks_like_btree (data + at, p) ? p : 0;
      if (bytes > best_bytes)
        {
          best = p;
          best_bytes = bytes;
        }
    }
  return best;
}

/* @path mapped into @s, its page size found; no page when it is too
 * small to hold one. */
static GMappedFile *
scan_map (Scan        *s,
          const char  *path,
          GError     **error)
{
  g_autoptr(GError) local = NULL;
  GMappedFile *map = g_mapped_file_new (path, FALSE, &local);

  if (map == NULL)
    {
      g_set_error (error, G_FILE_ERROR, local->code, "%s", local->message);
      return NULL;
    }
  s->data = (const guint8 *) g_mapped_file_get_contents (map);
  s->size = g_mapped_file_get_length (map);
  if (s->data == NULL || s->size < 512)
    return map;
  s->page_size = guess_page_size (s->data, s->size);
  s->n_pages = (guint) MIN (s->size / s->page_size, G_MAXUINT32);
  return map;
}

gboolean
_cassino_store_scan (const char  *damaged,
                     const char  *out_path,
                     guint       *out_rows,
                     GError     **error)
{
  g_autoptr(GMappedFile) map = NULL;
  CassinoSqlite *out = NULL;
  Scan s = { NULL };
  gboolean ok;

  *out_rows = 0;
  map = scan_map (&s, damaged, error);
  if (map == NULL)
    return FALSE;
  if (s.n_pages == 0)
    return TRUE;     /* nothing to read */

  out = cassino_sqlite_open (out_path, TRUE, error);
  if (out == NULL)
    return FALSE;
  ok = cassino_sqlite_exec (out, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF", error) &&
       _cassino_store_migrate (out, _cassino_store_schema_n_versions (), error) &&
       cassino_sqlite_exec (out, "PRAGMA foreign_keys = OFF; BEGIN", error);
  s.out = cassino_sqlite_get_handle (out);
  for (guint t = 0; ok && t < G_N_ELEMENTS (shapes); t++)
    {
      g_autoptr(GString) params = g_string_new (NULL);
      g_autofree char *sql = NULL;

      for (gsize c = 0; c < strlen (shapes[t].shape); c++)
        g_string_append_printf (params, "%s?%" G_GSIZE_FORMAT, c ? ", " : "", c + 1);
      sql = g_strdup_printf ("INSERT OR IGNORE INTO %s (%s) VALUES (%s)", shapes[t].table, shapes[t].columns,
                             params->str);
      if (sqlite3_prepare_v2 (s.out, sql, -1, &s.insert[t], NULL) != SQLITE_OK)
        {
          g_set_error (error, CASSINO_SQLITE_ERROR, sqlite3_errcode (s.out), "%s: %s", out_path,
                       sqlite3_errmsg (s.out));
          ok = FALSE;
        }
    }
  for (guint32 pgno = 1; ok && pgno <= s.n_pages; pgno++)
    for_each_cell (&s, pgno, take_cell, NULL);
  for (guint t = 0; t < G_N_ELEMENTS (shapes); t++)
    sqlite3_finalize (s.insert[t]);
  ok = ok && cassino_sqlite_exec (out, "COMMIT", error);
  cassino_sqlite_close (out);
  *out_rows = s.rows;
  return ok;
}

typedef struct {
  guint      depth;
  GPtrArray *out;
} Walk;

static void walk_index (Scan *s, guint32 pgno, guint depth, GPtrArray *out);

static void
walk_cell (Scan         *s,
           guint         type,
           guint32       child,
           gint64        rowid,
           const guint8 *payload,
           gsize         size,
           gpointer      data)
{
  Walk *w = data;

  if (type == 0x0d)
    return;
  if (type == 0x02)
    walk_index (s, child, w->depth + 1, w->out);
  g_ptr_array_add (w->out, g_bytes_new (payload, size));
}

/* Every entry of the index b-tree whose root is page @pgno, into @out
 * (depth-first; a damaged page ends its branch, not the walk). */
static void
walk_index (Scan      *s,
            guint32    pgno,
            guint      depth,
            GPtrArray *out)
{
  Walk w = { depth, out };

  if (depth <= 20 && for_each_cell (s, pgno, walk_cell, &w) == 0x02)
    walk_index (s, get_u32 (page_at (s, pgno) + (pgno == 1 ? 100 : 0) + 8), depth + 1, out);
}

static void
scanned_player_free (gpointer data)
{
  CassinoScannedPlayer *p = data;

  g_free (p->name);
  g_free (p->level);
  g_free (p->engine_version);
  g_free (p);
}

static char *
value_text (const Value *v)
{
  return v->type == SQLITE_TEXT ? g_strndup ((const char *) v->bytes, v->n) : NULL;
}

GHashTable *
_cassino_store_scan_players (const char *damaged,
                             guint32     human_root,
                             guint32     computer_root)
{
  Scan s = { NULL };
  g_autoptr(GMappedFile) map = scan_map (&s, damaged, NULL);
  GHashTable *players = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, scanned_player_free);

  if (map == NULL)
    return players;
  for (guint which = 0; which < 2; which++)
    {
      g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

      /* players_human_name: (name, rowid); players_computer: (level,
       * engine_version, rowid) */
      walk_index (&s, which == 0 ? human_root : computer_root, 0, entries);
      for (guint i = 0; i < entries->len; i++)
        {
          gsize size;
          const guint8 *record = g_bytes_get_data (entries->pdata[i], &size);
          Value v[MAX_COLUMNS];
          int n = parse_record (record, size, v);
          CassinoScannedPlayer *p;

          if (n != (which == 0 ? 2 : 3) || v[0].type != SQLITE_TEXT || v[n - 1].type != SQLITE_INTEGER)
            continue;
          p = g_new0 (CassinoScannedPlayer, 1);
          p->id = v[n - 1].i;
          p->computer = which == 1;
          if (which == 0)
            p->name = value_text (&v[0]);
          else
            {
              p->level = value_text (&v[0]);
              p->engine_version = value_text (&v[1]);
            }
          g_hash_table_replace (players, &p->id, p);
        }
    }
  return players;
}
