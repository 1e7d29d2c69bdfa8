/* test-ui-cards.c: card themes of gnome-cards-data
 *
 * A theme made here (one SVG with an element per card, as AisleRiot's
 * are) in a private data folder: it is listed, loaded and drawn; damaged,
 * incomplete and missing themes are refused with a message that says so.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "cassino-card-art.h"
#include "cassino-card-theme.h"
#include "test-card-theme-util.h"
#include "test-tmp-util.h"

static char *data_home;

/* The colour at the middle of @card drawn at 50 × 70. */
static guint32
middle_pixel (CassinoCardTheme *theme,
              CassinoCard       card)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 50, 70);
  cairo_t *cr = cairo_create (surface);
  guint32 pixel;

  cassino_card_theme_draw (theme, cr, card, 50, 70);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  pixel = ((guint32 *) (gpointer) cairo_image_surface_get_data (surface))[35 * cairo_image_surface_get_stride (surface) / 4 + 25];
  cairo_surface_destroy (surface);
  return pixel & 0xffffff;
}

static void
test_list_and_draw (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) themes = NULL;
  g_autoptr(CassinoCardTheme) theme = NULL;
  gboolean found = FALSE;

  write_theme (data_home, "test_deck_4_color.svg", NULL);
  themes = cassino_card_theme_list_installed ();
  for (guint i = 0; i < themes->len; i++)
    {
      CassinoCardThemeInfo *info = themes->pdata[i];

      if (g_str_equal (info->file_name, "test_deck_4_color.svg"))
        {
          g_assert_cmpstr (info->title, ==, "Test Deck 4 Color");
          found = TRUE;
        }
    }
  g_assert_true (found);

  theme = cassino_card_theme_new ("test_deck_4_color.svg", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cassino_card_theme_get_file_name (theme), ==, "test_deck_4_color.svg");

  /* each card is its own element, scaled to the card */
  g_assert_cmphex (middle_pixel (theme, CASSINO_CARD (1, CASSINO_SUIT_CLUBS)), ==, 0xff0000);
  g_assert_cmphex (middle_pixel (theme, CASSINO_CARD (13, CASSINO_SUIT_SPADES)), ==, 0x00ff00);
  g_assert_cmphex (middle_pixel (theme, CASSINO_NO_CARD), ==, 0x0000ff);
  /* again, from the cache */
  g_assert_cmphex (middle_pixel (theme, CASSINO_CARD (1, CASSINO_SUIT_CLUBS)), ==, 0xff0000);

  /* the card widgets' drawing goes through the current theme */
  cassino_card_theme_set_current (theme);
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 50, 70);
    cairo_t *cr = cairo_create (surface);

    cassino_card_art_draw_back (cr, 50, 70, 0);
    cairo_destroy (cr);
    cairo_surface_flush (surface);
    g_assert_cmphex (((guint32 *) (gpointer) cairo_image_surface_get_data (surface))[35 * 50 + 25] & 0xffffff, ==, 0x0000ff);
    cairo_surface_destroy (surface);
  }
  cassino_card_theme_set_current (NULL);
  g_assert_null (cassino_card_theme_get_current ());
}

static void
test_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *garbage = g_build_filename (data_home, "aisleriot", "cards", "broken.svgz", NULL);

  g_assert_null (cassino_card_theme_new ("no_such_theme.svgz", &error));
  g_assert_error (error, CASSINO_CARD_THEME_ERROR, CASSINO_CARD_THEME_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no_such_theme.svgz"));
  g_clear_error (&error);

  /* a path is not a theme name */
  g_assert_null (cassino_card_theme_new ("../../etc/passwd", &error));
  g_assert_error (error, CASSINO_CARD_THEME_ERROR, CASSINO_CARD_THEME_ERROR_NOT_FOUND);
  g_clear_error (&error);

  write_theme (data_home, "no_queen.svg", "heart_queen");
  g_assert_null (cassino_card_theme_new ("no_queen.svg", &error));
  g_assert_error (error, CASSINO_CARD_THEME_ERROR, CASSINO_CARD_THEME_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "heart_queen"));
  g_clear_error (&error);

  write_theme (data_home, "no_back.svg", "back");
  g_assert_null (cassino_card_theme_new ("no_back.svg", &error));
  g_assert_error (error, CASSINO_CARD_THEME_ERROR, CASSINO_CARD_THEME_ERROR_INVALID);
  g_clear_error (&error);

  g_file_set_contents (garbage, "\x1f\x8b not really gzip, not svg", -1, &error);
  g_assert_no_error (error);
  g_assert_null (cassino_card_theme_new ("broken.svgz", &error));
  g_assert_error (error, CASSINO_CARD_THEME_ERROR, CASSINO_CARD_THEME_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "broken.svgz"));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  /* before GLib reads it */
  data_home = g_dir_make_tmp ("cassino-cards-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/cards/list-and-draw", test_list_and_draw);
  g_test_add_func ("/cassino/cards/refused", test_refused);

  ret = g_test_run ();
  test_remove_tree (data_home);
  g_free (data_home);
  return ret;
}
