/* cassino-game-setup.c: what the new game dialog chooses
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-game-setup.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

G_DEFINE_BOXED_TYPE (CassinoGameSetup, cassino_game_setup,
                     cassino_game_setup_copy, cassino_game_setup_free)

static const char *formats[] = { "target", "single", "rubber" };

const char *
cassino_format_to_string (CassinoFormat format)
{
  g_return_val_if_fail (format <= CASSINO_FORMAT_RUBBER, NULL);
  return formats[format];
}

gboolean
cassino_format_from_string (const char    *text,
                            CassinoFormat *out_format)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_strcmp0 (text, formats[i]) == 0)
      {
        *out_format = i;
        return TRUE;
      }
  return FALSE;
}

const char *
cassino_game_setup_computer_name (guint seat)
{
  static const char *names[] = {
    /* Translators: names of the computer players */
    NC_("computer player", "Anna"),
    NC_("computer player", "Bruno"),
    NC_("computer player", "Chiara"),
    NC_("computer player", "Dmitri"),
    NC_("computer player", "Esther"),
    NC_("computer player", "Farid"),
  };

  return g_dpgettext2 (GETTEXT_PACKAGE, "computer player", names[seat % G_N_ELEMENTS (names)]);
}

char *
cassino_game_setup_default_player_name (const char *setting)
{
  const char *real;

  if (setting && *setting)
    return g_strdup (setting);
  real = g_get_real_name ();
  if (real && *real && g_strcmp0 (real, "Unknown") != 0)
    return g_strdup (real);
  /* Translators: the name of the player at this computer when nothing better is known */
  return g_strdup (_("You"));
}

static void
fill_names (CassinoGameSetup *setup,
            const char       *player_name)
{
  guint humans = 0;

  for (guint i = 0; i < setup->n_players; i++)
    {
      CassinoSetupSeat *s = &setup->seats[i];

      if (s->name && *s->name)
        {
          if (s->kind == CASSINO_SEAT_HUMAN)
            humans++;
          continue;
        }
      g_free (s->name);
      if (s->kind == CASSINO_SEAT_COMPUTER)
        s->name = g_strdup (cassino_game_setup_computer_name (i - (i > 0 ? 1 : 0)));
      else if (humans++ == 0)
        s->name = g_strdup (player_name);
      else
        /* Translators: the default name of another human player, %u is 2, 3, … */
        s->name = g_strdup_printf (_("Player %u"), humans);
    }
}

CassinoGameSetup *
cassino_game_setup_new_default (const char *player_name)
{
  CassinoGameSetup *setup = g_new0 (CassinoGameSetup, 1);

  setup->preset = CASSINO_PRESET_CLASSIC;
  setup->options = g_strdup ("\"classic\"");
  setup->n_players = 2;
  setup->seats[0].kind = CASSINO_SEAT_HUMAN;
  setup->seats[1].kind = CASSINO_SEAT_COMPUTER;
  setup->seats[1].level = CASSINO_LEVEL_MEDIUM;
  setup->format = CASSINO_FORMAT_TARGET;
  fill_names (setup, player_name);
  return setup;
}

CassinoGameSetup *
cassino_game_setup_copy (const CassinoGameSetup *setup)
{
  CassinoGameSetup *copy = g_new0 (CassinoGameSetup, 1);

  *copy = *setup;
  copy->options = g_strdup (setup->options);
  for (guint i = 0; i < CASSINO_MAX_PLAYERS; i++)
    copy->seats[i].name = g_strdup (setup->seats[i].name);
  return copy;
}

void
cassino_game_setup_free (CassinoGameSetup *setup)
{
  if (setup == NULL)
    return;
  g_free (setup->options);
  for (guint i = 0; i < CASSINO_MAX_PLAYERS; i++)
    g_free (setup->seats[i].name);
  g_free (setup);
}

guint
cassino_game_setup_count_humans (const CassinoGameSetup *setup)
{
  guint n = 0;

  for (guint i = 0; i < setup->n_players; i++)
    if (setup->seats[i].kind == CASSINO_SEAT_HUMAN)
      n++;
  return n;
}

gboolean
cassino_game_setup_get_rules (const CassinoGameSetup *setup,
                              CassinoRules           *out,
                              GError                **error)
{
  const char *options = setup->options ? setup->options : cassino_preset_to_string (setup->preset);

  if (!cassino_rules_parse (out, options, setup->n_players, error))
    return FALSE;

  switch (setup->format)
    {
    case CASSINO_FORMAT_SINGLE:
      /* no target: nothing to count towards, no lurch below it */
      out->target = 0;
      out->rubber_games = 1;
      out->count_as_you_go = FALSE;
      out->lurch_below = 0;
      break;
    case CASSINO_FORMAT_RUBBER:
      out->rubber_games = MAX (out->rubber_games, CASSINO_RUBBER_MIN_GAMES);
      break;
    case CASSINO_FORMAT_TARGET:
    default:
      out->rubber_games = 1;
      break;
    }
  return cassino_rules_finish (out, error);
}

char *
cassino_game_setup_dup_variant_title (const CassinoRules *rules)
{
  CassinoRules variant = *rules;
  CassinoRules preset;
  g_autofree char *json = NULL;
  const char *title = cassino_preset_get_title (rules->preset);

  /* A rubber's length belongs to the format ("A rubber", best of three),
   * not to the variant: choosing a rubber of Classic is still Classic. */
  if (cassino_rules_init_preset (&preset, rules->preset, rules->n_players, NULL))
    variant.rubber_games = preset.rubber_games;
  json = cassino_rules_to_json (&variant);

  if (json[0] == '"')
    return g_strdup (title);
  /* Translators: the variant of a game whose advanced rules were changed; %s is the variant it started from */
  return g_strdup_printf (_("Custom, based on %s"), title);
}

CassinoGameSetup *
cassino_game_setup_from_json (const char  *text,
                              const char  *player_name,
                              GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(CassinoGameSetup) setup = NULL;
  JsonObject *root;
  JsonNode *rules;
  JsonArray *seats;
  CassinoRules check;

  if (!json_parser_load_from_data (parser, text, -1, error))
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "not a JSON object");
      return NULL;
    }
  root = json_node_get_object (json_parser_get_root (parser));

  setup = g_new0 (CassinoGameSetup, 1);
  setup->n_players = (guint) json_object_get_int_member_with_default (root, "players", 2);
  if (setup->n_players < 2 || setup->n_players > CASSINO_MAX_PLAYERS || setup->n_players == 5)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "bad number of players");
      return NULL;
    }

  rules = json_object_get_member (root, "rules");
  if (rules)
    {
      g_autoptr(JsonGenerator) gen = json_generator_new ();

      json_generator_set_root (gen, rules);
      setup->options = json_generator_to_data (gen, NULL);
    }
  else
    setup->options = g_strdup ("\"classic\"");

  if (!cassino_rules_parse (&check, setup->options, setup->n_players, error))
    return NULL;
  setup->preset = check.preset;

  if (!cassino_format_from_string (json_object_get_string_member_with_default (root, "format", "target"),
                                   &setup->format))
    setup->format = CASSINO_FORMAT_TARGET;

  seats = json_object_has_member (root, "seats") ? json_object_get_array_member (root, "seats") : NULL;
  for (guint i = 0; i < setup->n_players; i++)
    {
      CassinoSetupSeat *s = &setup->seats[i];
      JsonObject *o = NULL;

      if (seats && i < json_array_get_length (seats))
        o = json_array_get_object_element (seats, i);

      s->kind = i == 0 ? CASSINO_SEAT_HUMAN : CASSINO_SEAT_COMPUTER;
      s->level = CASSINO_LEVEL_MEDIUM;
      if (o)
        {
          const char *kind = json_object_get_string_member_with_default (o, "kind", NULL);
          const char *level = json_object_get_string_member_with_default (o, "level", NULL);
          const char *name = json_object_get_string_member_with_default (o, "name", NULL);

          if (g_strcmp0 (kind, "human") == 0)
            s->kind = CASSINO_SEAT_HUMAN;
          else if (g_strcmp0 (kind, "computer") == 0)
            s->kind = CASSINO_SEAT_COMPUTER;
          if (level && !cassino_level_from_string (level, &s->level))
            s->level = CASSINO_LEVEL_MEDIUM;
          s->name = g_strdup (name);
        }
    }
  fill_names (setup, player_name);
  return g_steal_pointer (&setup);
}

char *
cassino_game_setup_to_json (const CassinoGameSetup *setup)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rules");
  if (setup->options && json_parser_load_from_data (parser, setup->options, -1, NULL))
    json_builder_add_value (b, json_node_copy (json_parser_get_root (parser)));
  else
    json_builder_add_string_value (b, cassino_preset_to_string (setup->preset));
  json_builder_set_member_name (b, "players");
  json_builder_add_int_value (b, setup->n_players);
  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (guint i = 0; i < setup->n_players; i++)
    {
      const CassinoSetupSeat *s = &setup->seats[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, s->kind == CASSINO_SEAT_HUMAN ? "human" : "computer");
      if (s->kind == CASSINO_SEAT_COMPUTER)
        {
          json_builder_set_member_name (b, "level");
          json_builder_add_string_value (b, cassino_level_to_string (s->level));
        }
      else if (s->name && i > 0)
        {
          /* the first human is whoever uses the computer; others are kept */
          json_builder_set_member_name (b, "name");
          json_builder_add_string_value (b, s->name);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, cassino_format_to_string (setup->format));
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}
