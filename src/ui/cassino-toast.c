/* cassino-toast.c: toasts that keep their reason within reach
 *
 * A toast is one line, and libadwaita cuts what does not fit with "…":
 * at 1,100 px about 95 characters, at 360 px about 30.  The reasons the
 * window gives ("This game could not be saved — Cassino keeps trying with
 * every move. The database “…” is busy: …") are longer, and the part
 * cut is the part that says why.  A long text is therefore shown as its
 * headline (up to the first dash, colon, semicolon or full stop) with a Details
 * button, which opens a dialog that says the whole of it.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cassino-plain-text.h"
#include "cassino-toast.h"

/* Texts up to this many characters are shown whole: they fit a toast at
 * the window's usual widths, and a headline of them would say little. */
#define SHORT_TOAST 56

/* A headline shorter than this is no headline ("Note: …"). */
#define SHORTEST_HEADLINE 8

/**
 * cassino_toast_split_headline:
 * @text: a sentence or more
 * @rest: (out) (optional): what follows the headline, its first letter
 *   raised to a capital; %NULL when there is no headline
 *
 * Returns: (nullable): the part of @text before its first " — " (or
 *   " – "), ": ", "; " or ". ", or %NULL when @text has none of
 *   them after its first few characters or nothing after it.
 */
char *
cassino_toast_split_headline (const char  *text,
                              char       **rest)
{
  static const char *const breaks[] = { " — ", " – ", ": ", "; ", ". " };
  const char *cut = NULL;
  gsize cut_len = 0;
  const char *after;
  g_autofree char *tail = NULL;

  if (rest)
    *rest = NULL;
  g_return_val_if_fail (text != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (breaks); i++)
    {
      const char *from = text;
      const char *hit;

      while ((hit = strstr (from, breaks[i])) != NULL
             && g_utf8_strlen (text, hit - text) < SHORTEST_HEADLINE)
        from = hit + 1;
      if (hit && (cut == NULL || hit < cut))
        {
          cut = hit;
          cut_len = strlen (breaks[i]);
        }
    }
  if (cut == NULL)
    return NULL;
  after = cut + cut_len;
  while (*after == ' ')
    after++;
  if (*after == '\0')
    return NULL;

  if (rest)
    {
      gunichar first = g_utf8_get_char (after);
      char buf[8];
      int n = g_unichar_to_utf8 (g_unichar_totitle (first), buf);

      tail = g_strdup (g_utf8_next_char (after));
      *rest = g_strdup_printf ("%.*s%s", n, buf, tail);
    }
  /* a toast's line ends without a full stop, as the short ones do
   * ("Imported 1 game · 0 already there · 1 failed" with or without the
   * reason that followed it) */
  return g_strndup (text, cut - text);
}

static void
on_details_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        gpointer          user_data)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
on_details_clicked_cb (AdwToast  *toast,
                       GtkWidget *owner)
{
  GtkRoot *root = gtk_widget_get_root (owner);
  const char *heading = g_object_get_data (G_OBJECT (toast), "cassino-toast-heading");
  const char *body = g_object_get_data (G_OBJECT (toast), "cassino-toast-body");
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, NULL, NULL);
  /* heading and body are read as they are, not as markup */
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (dialog), heading);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_signal_connect (dialog, "response", G_CALLBACK (on_details_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * cassino_toast_new:
 * @owner: the widget whose window the details open over
 * @text: what to say, not markup
 *
 * Returns: (transfer full): a toast of @text; a long one shows its
 *   headline and a Details button that opens the whole text.
 */
AdwToast *
cassino_toast_new (GtkWidget  *owner,
                   const char *text)
{
  g_autofree char *rest = NULL;
  g_autofree char *headline = NULL;
  AdwToast *toast;

  g_return_val_if_fail (GTK_IS_WIDGET (owner), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  if (g_utf8_strlen (text, -1) > SHORT_TOAST)
    headline = cassino_toast_split_headline (text, &rest);
  if (headline == NULL)
    return cassino_plain_toast_new (text);

  toast = cassino_plain_toast_new (headline);
  /* Translators: the button of a toast that opens the whole message */
  adw_toast_set_button_label (toast, _("_Details"));
  g_object_set_data_full (G_OBJECT (toast), "cassino-toast-heading", g_steal_pointer (&headline), g_free);
  g_object_set_data_full (G_OBJECT (toast), "cassino-toast-body", g_steal_pointer (&rest), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_details_clicked_cb), owner, 0);
  /* time to read the headline and reach for the button */
  adw_toast_set_timeout (toast, 10);
  return toast;
}
