/* cassino-card-theme.c: card themes installed with gnome-cards-data
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-card-theme.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <librsvg/rsvg.h>

/* Rendered cards by card, size and scale: a table draws the same few
 * dozen cards at a few sizes.  Rendering an element of a large theme takes
 * milliseconds; copying it, microseconds.  Resizing the window makes new
 * sizes: past MAX_IMAGES the cache starts again. */
#define N_IMAGES (CASSINO_N_CARDS + 1)   /* the back last */
#define MAX_IMAGES 400

struct _CassinoCardTheme
{
  GObject          parent_instance;

  char            *file_name;
  RsvgHandle      *handle;
  double           width;       /* the whole document, in pixels */
  double           height;
  GHashTable      *images;      /* image key → cairo_surface_t */
};

/* AisleRiot's layout: the document is a grid of 13 columns (ace to king)
 * by 5 rows (clubs, diamonds, hearts, spades; then the jokers and, in the
 * third column, the back).  A card is drawn by rendering its element as
 * placed in the document and keeping its cell: the elements' own bounds
 * are not reliable (clones reach far outside them). */
#define GRID_COLUMNS 13
#define GRID_ROWS    5

G_DEFINE_FINAL_TYPE (CassinoCardTheme, cassino_card_theme, G_TYPE_OBJECT)

G_DEFINE_QUARK (cassino-card-theme-error-quark, cassino_card_theme_error)

static CassinoCardTheme *current;

static const char *const suit_ids[] = { "club", "diamond", "heart", "spade" };
static const char *const court_ids[] = { "jack", "queen", "king" };

/* "#club_1", "#spade_king", "#back" */
static char *
element_id (guint image)
{
  guint rank;

  if (image >= CASSINO_N_CARDS)
    return g_strdup ("#back");
  rank = CASSINO_CARD_RANK (image);
  if (rank >= CASSINO_RANK_JACK)
    return g_strdup_printf ("#%s_%s", suit_ids[CASSINO_CARD_SUIT (image)], court_ids[rank - CASSINO_RANK_JACK]);
  return g_strdup_printf ("#%s_%u", suit_ids[CASSINO_CARD_SUIT (image)], rank);
}

static void
cassino_card_theme_finalize (GObject *object)
{
  CassinoCardTheme *self = CASSINO_CARD_THEME (object);

  g_clear_pointer (&self->images, g_hash_table_unref);
  g_clear_object (&self->handle);
  g_free (self->file_name);

  G_OBJECT_CLASS (cassino_card_theme_parent_class)->finalize (object);
}

static void
cassino_card_theme_class_init (CassinoCardThemeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cassino_card_theme_finalize;
}

static void
cassino_card_theme_init (CassinoCardTheme *self)
{
  self->images = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                        (GDestroyNotify) cairo_surface_destroy);
}

void
cassino_card_theme_info_free (CassinoCardThemeInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->file_name);
  g_free (info->path);
  g_free (info->title);
  g_free (info);
}

/* "anglo_modern_4_color.svgz" → "Anglo Modern 4 Color" */
static char *
title_of (const char *file_name)
{
  g_autofree char *base = g_strndup (file_name, strcspn (file_name, "."));
  GString *title = g_string_new (NULL);
  gboolean start = TRUE;

  for (const char *p = base; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '_' || c == '-')
        {
          g_string_append_c (title, ' ');
          start = TRUE;
          continue;
        }
      g_string_append_unichar (title, start ? g_unichar_totitle (c) : c);
      start = FALSE;
    }
  return g_string_free (title, FALSE);
}

static int
compare_titles (gconstpointer a,
                gconstpointer b)
{
  const CassinoCardThemeInfo *x = *(CassinoCardThemeInfo *const *) a;
  const CassinoCardThemeInfo *y = *(CassinoCardThemeInfo *const *) b;

  return g_utf8_collate (x->title, y->title);
}

/* The folders themes are looked for in, the user's first. */
static GPtrArray *
theme_dirs (void)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  const char *const *system = g_get_system_data_dirs ();

  g_ptr_array_add (dirs, g_build_filename (g_get_user_data_dir (), "aisleriot", "cards", NULL));
  for (guint i = 0; system[i]; i++)
    g_ptr_array_add (dirs, g_build_filename (system[i], "aisleriot", "cards", NULL));
  return dirs;
}

static gboolean
is_theme_file (const char *name)
{
  /* the bitmap variants are PNG sets, not one SVG */
  return g_str_has_suffix (name, ".svgz") || g_str_has_suffix (name, ".svg");
}

GPtrArray *
cassino_card_theme_list_installed (void)
{
  g_autoptr(GPtrArray) dirs = theme_dirs ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_card_theme_info_free);

  for (guint d = 0; d < dirs->len; d++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs->pdata[d], 0, NULL);
      const char *name;

      while (dir && (name = g_dir_read_name (dir)))
        {
          CassinoCardThemeInfo *info;

          if (!is_theme_file (name) || g_hash_table_contains (seen, name))
            continue;
          info = g_new0 (CassinoCardThemeInfo, 1);
          info->file_name = g_strdup (name);
          info->path = g_build_filename (dirs->pdata[d], name, NULL);
          info->title = title_of (name);
          g_hash_table_add (seen, info->file_name);
          g_ptr_array_add (list, info);
        }
    }
  g_ptr_array_sort (list, compare_titles);
  return list;
}

CassinoCardTheme *
cassino_card_theme_new (const char  *file_name,
                        GError     **error)
{
  g_autoptr(CassinoCardTheme) self = NULL;
  g_autoptr(GPtrArray) dirs = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (file_name != NULL, NULL);

  if (strchr (file_name, G_DIR_SEPARATOR) == NULL && is_theme_file (file_name))
    {
      dirs = theme_dirs ();
      for (guint d = 0; d < dirs->len && path == NULL; d++)
        {
          g_autofree char *candidate = g_build_filename (dirs->pdata[d], file_name, NULL);

          if (g_file_test (candidate, G_FILE_TEST_IS_REGULAR))
            path = g_steal_pointer (&candidate);
        }
    }
  if (path == NULL)
    {
      g_set_error (error, CASSINO_CARD_THEME_ERROR, CASSINO_CARD_THEME_ERROR_NOT_FOUND,
                   /* Translators: %s is a file name, e.g. "anglo.svgz" */
                   _("The card theme “%s” is not installed."), file_name);
      return NULL;
    }

  self = g_object_new (CASSINO_TYPE_CARD_THEME, NULL);
  self->file_name = g_strdup (file_name);
  /* gzipped files are read as they are */
  self->handle = rsvg_handle_new_from_file (path, error);
  if (self->handle == NULL)
    {
      g_prefix_error (error, _("The card theme “%s” cannot be read: "), file_name);
      if (error && *error)
        {
          (*error)->domain = CASSINO_CARD_THEME_ERROR;
          (*error)->code = CASSINO_CARD_THEME_ERROR_INVALID;
        }
      return NULL;
    }
  if (!rsvg_handle_get_intrinsic_size_in_pixels (self->handle, &self->width, &self->height))
    {
      gboolean has_viewbox = FALSE;
      RsvgRectangle viewbox;

      rsvg_handle_get_intrinsic_dimensions (self->handle, NULL, NULL, NULL, NULL, &has_viewbox, &viewbox);
      self->width = has_viewbox ? viewbox.width : 0;
      self->height = has_viewbox ? viewbox.height : 0;
    }
  if (self->width < GRID_COLUMNS || self->height < GRID_ROWS)
    {
      g_set_error (error, CASSINO_CARD_THEME_ERROR, CASSINO_CARD_THEME_ERROR_INVALID,
                   _("The card theme “%s” has no size."), file_name);
      return NULL;
    }
  for (guint i = 0; i < N_IMAGES; i++)
    {
      g_autofree char *id = element_id (i);

      if (!rsvg_handle_has_sub (self->handle, id))
        {
          g_set_error (error, CASSINO_CARD_THEME_ERROR, CASSINO_CARD_THEME_ERROR_INVALID,
                       /* Translators: the first %s is a file name, the second an SVG id such as "#club_1" */
                       _("The card theme “%s” has no card “%s”."), file_name, id + 1);
          return NULL;
        }
    }
  return g_steal_pointer (&self);
}

const char *
cassino_card_theme_get_file_name (CassinoCardTheme *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_THEME (self), NULL);
  return self->file_name;
}

static cairo_surface_t *
render (CassinoCardTheme *self,
        guint             image,
        int               width,
        int               height,
        double            scale)
{
  g_autofree char *id = element_id (image);
  g_autoptr(GError) error = NULL;
  double cell_width = self->width / GRID_COLUMNS, cell_height = self->height / GRID_ROWS;
  guint column = image < CASSINO_N_CARDS ? CASSINO_CARD_RANK (image) - 1 : 2;
  guint row = image < CASSINO_N_CARDS ? (guint) CASSINO_CARD_SUIT (image) : 4;
  RsvgRectangle viewport = { -(double) column * cell_width, -(double) row * cell_height,
                             self->width, self->height };
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale), (int) ceil (height * scale));
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  /* the cell stretched over the card: themes are within a few per cent
   * of Cassino's 5:7 */
  cairo_scale (cr, width / cell_width, height / cell_height);
  if (!rsvg_handle_render_layer (self->handle, cr, id, &viewport, &error))
    g_debug ("Card theme %s, %s: %s", self->file_name, id, error->message);
  cairo_destroy (cr);
  return surface;
}

void
cassino_card_theme_draw (CassinoCardTheme *self,
                         cairo_t          *cr,
                         CassinoCard       card,
                         double            width,
                         double            height)
{
  guint image = card < CASSINO_N_CARDS ? card : CASSINO_N_CARDS;
  int w = (int) ceil (width), h = (int) ceil (height);
  double scale_x = 1.0, scale_y = 1.0, scale;
  gint64 key;
  cairo_surface_t *surface;

  g_return_if_fail (CASSINO_IS_CARD_THEME (self));

  if (w < 1 || h < 1)
    return;
  /* at the device's resolution (HiDPI, zoomed snapshots) */
  cairo_user_to_device_distance (cr, &scale_x, &scale_y);
  scale = CLAMP (MAX (fabs (scale_x), fabs (scale_y)), 1.0, 8.0);
  key = (gint64) image | ((gint64) MIN (w, 0xfff) << 8) | ((gint64) MIN (h, 0xfff) << 20) |
        ((gint64) (scale * 100) << 32);

  surface = g_hash_table_lookup (self->images, &key);
  if (surface == NULL)
    {
      gint64 *stored = g_new (gint64, 1);

      if (g_hash_table_size (self->images) >= MAX_IMAGES)
        g_hash_table_remove_all (self->images);
      *stored = key;
      surface = render (self, image, w, h, scale);
      g_hash_table_insert (self->images, stored, surface);
    }
  cairo_save (cr);
  cairo_scale (cr, width / w, height / h);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

CassinoCardTheme *
cassino_card_theme_get_current (void)
{
  return current;
}

void
cassino_card_theme_set_current (CassinoCardTheme *theme)
{
  g_return_if_fail (theme == NULL || CASSINO_IS_CARD_THEME (theme));
  g_set_object (&current, theme);
}
