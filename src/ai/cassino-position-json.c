/* cassino-position-json.c: reading positions for cassino-cli
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <json-glib/json-glib.h>

#include "cassino-input.h"
#include "cassino-position-json.h"

static gboolean
invalid (GError     **error,
         const char  *format,
         ...) G_GNUC_PRINTF (2, 3);

static gboolean
invalid (GError     **error,
         const char  *format,
         ...)
{
  va_list args;
  char *msg;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, CASSINO_POSITION_ERROR, CASSINO_POSITION_ERROR_INVALID, msg);
  g_free (msg);
  return FALSE;
}

typedef struct {
  CassinoCards  seen;
  const char   *where[CASSINO_N_CARDS];
} Seen;

/* One card at @field (named so in a message); a card seen twice names
 * the first's @where ("table", "piles", "hand"). */
static gboolean
read_card (JsonNode            *node,
           const CassinoRules  *rules,
           Seen                *seen,
           const char          *field,
           const char          *where,
           CassinoCard         *out,
           GError             **error)
{
  const char *text;
  const char *end;
  CassinoCard card;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return invalid (error, "%s: a card is a string such as \"7h\"", field);
  text = json_node_get_string (node);
  if (!cassino_card_parse (text, &card, &end) || *end != '\0')
    {
      g_autofree char *quoted = cassino_input_excerpt (text, -1);

      return invalid (error, "%s: unknown card \"%s\"", field, quoted);
    }
  if (!(rules->deck_cards & CASSINO_CARD_BIT (card)))
    return invalid (error, "%s: card %s is not in the %u-card deck", field,
                    cassino_card_to_string (card), rules->deck);
  if (seen->seen & CASSINO_CARD_BIT (card))
    return invalid (error, "%s: duplicate card %s (also in %s)", field,
                    cassino_card_to_string (card), seen->where[card]);
  seen->seen |= CASSINO_CARD_BIT (card);
  /* (kept beyond the field's name, which may be freed: a build's
   * "table[0]" named a later duplicate with freed memory) */
  seen->where[card] = g_intern_string (where);
  *out = card;
  return TRUE;
}

static gboolean
read_cards (JsonObject          *obj,
            const char          *member,
            const CassinoRules  *rules,
            Seen                *seen,
            const char          *field,
            gboolean             required,
            CassinoCards        *out,
            GError             **error)
{
  JsonNode *node = json_object_get_member (obj, member);
  JsonArray *array;

  *out = 0;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (required)
        return invalid (error, "%s: missing", field);
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return invalid (error, "%s: must be an array of cards", field);
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      CassinoCard card;

      if (!read_card (json_array_get_element (array, i), rules, seen, field, field, &card, error))
        return FALSE;
      *out |= CASSINO_CARD_BIT (card);
    }
  return TRUE;
}

static gboolean
get_uint (JsonObject  *obj,
          const char  *member,
          guint        max,
          gboolean     required,
          guint        fallback,
          guint       *out,
          GError     **error)
{
  JsonNode *node = json_object_get_member (obj, member);
  gint64 v;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (required)
        return invalid (error, "%s: missing", member);
      *out = fallback;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return invalid (error, "%s: must be a whole number", member);
  v = json_node_get_int (node);
  if (v < 0 || v > max)
    return invalid (error, "%s: %" G_GINT64_FORMAT " is out of range (%u to %u)", member, v,
                    g_str_equal (member, "players") ? 2 : 0, max);
  *out = (guint) v;
  return TRUE;
}

/* The highest score a position may give: targets go up to 999 (rules.md),
 * and a game is over a deal or two after a side reaches its target. */
#define CASSINO_JSON_MAX_SCORE 1999

/* @member: optional, else one whole number from 0 to @max per side (zeros
 * when missing). */
static gboolean
get_side_numbers (JsonObject  *obj,
                  const char  *member,
                  guint        n_sides,
                  guint        max,
                  guint       *out,
                  GError     **error)
{
  JsonNode *node = json_object_get_member (obj, member);
  JsonArray *a;

  memset (out, 0, n_sides * sizeof *out);
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node) || json_array_get_length (json_node_get_array (node)) != n_sides)
    return invalid (error, "%s: one number per side (%u)", member, n_sides);
  a = json_node_get_array (node);
  for (guint s = 0; s < n_sides; s++)
    {
      JsonNode *el = json_array_get_element (a, s);
      gint64 v;

      if (!JSON_NODE_HOLDS_VALUE (el) || json_node_get_value_type (el) != G_TYPE_INT64)
        return invalid (error, "%s[%u]: must be a whole number", member, s);
      v = json_node_get_int (el);
      if (v < 0 || v > max)
        return invalid (error, "%s[%u]: %" G_GINT64_FORMAT " is out of range (0 to %u)", member, s, v, max);
      out[s] = (guint) v;
    }
  return TRUE;
}

/* Whether @cards, each counting one of its values, add up to @target. */
static gboolean
sum_ok (const CassinoRules *rules,
        CassinoCards        cards,
        guint               target)
{
  CassinoCard card;
  CassinoCards rest;

  if (cards == 0)
    return target == 0;
  card = cassino_cards_first (cards);
  rest = cards & ~CASSINO_CARD_BIT (card);
  for (guint v = 1; v <= 16 && v <= target; v++)
    if ((rules->card_values[card] & (1u << v)) && sum_ok (rules, rest, target - v))
      return TRUE;
  return FALSE;
}

/* Whether @cards split into @min_groups or more groups that each add up to
 * @value (a multiple build). */
static gboolean
groups_ok (const CassinoRules *rules,
           CassinoCards        cards,
           guint               value,
           guint               min_groups)
{
  CassinoCard first;
  CassinoCards rest;
  CassinoCards sub;

  if (cards == 0)
    return min_groups == 0;
  if (cassino_cards_count (cards) > 20)
    return FALSE;
  first = cassino_cards_first (cards);
  rest = cards & ~CASSINO_CARD_BIT (first);
  /* every group containing the lowest card, then the rest */
  sub = rest;
  for (;;)
    {
      CassinoCards group = sub | CASSINO_CARD_BIT (first);

      if (sum_ok (rules, group, value) &&
          groups_ok (rules, cards & ~group, value, min_groups > 0 ? min_groups - 1 : 0))
        return TRUE;
      if (sub == 0)
        break;
      sub = (sub - 1) & rest;
    }
  return FALSE;
}

static gboolean
holds_int (JsonNode *node)
{
  return node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

static gboolean
read_build (JsonNode            *node,
            const CassinoRules  *rules,
            Seen                *seen,
            guint                index,
            CassinoBuild        *out,
            GError             **error)
{
  JsonObject *obj = json_node_get_object (node);
  g_autofree char *field = g_strdup_printf ("table[%u]", index);
  CassinoCards cards;
  CassinoCard card;
  guint value, owner;
  JsonNode *mult = json_object_get_member (obj, "multiple");
  gboolean multiple = FALSE;

  JsonNode *value_node = json_object_get_member (obj, "value");

  if (!json_object_has_member (obj, "build"))
    return invalid (error, "%s: a build needs \"build\", the array of its cards", field);
  if (!read_cards (obj, "build", rules, seen, field, TRUE, &cards, error))
    return FALSE;
  if (value_node == NULL || !holds_int (value_node))
    return invalid (error, "%s: a build needs \"value\", a whole number", field);
  if (json_node_get_int (value_node) < 2 || json_node_get_int (value_node) > rules->max_build)
    return invalid (error, "%s: build value %" G_GINT64_FORMAT " is impossible (2 to %u)", field,
                    json_node_get_int (value_node), rules->max_build);
  value = (guint) json_node_get_int (value_node);
  if (!get_uint (obj, "owner", 99, TRUE, 0, &owner, NULL))
    return invalid (error, "%s: a build needs \"owner\", a seat", field);
  if (mult)
    {
      if (!JSON_NODE_HOLDS_VALUE (mult) || json_node_get_value_type (mult) != G_TYPE_BOOLEAN)
        return invalid (error, "%s: \"multiple\" must be true or false", field);
      multiple = json_node_get_boolean (mult);
    }
  if (owner >= rules->n_players)
    return invalid (error, "%s: owner %u is not a seat of a %u-player game", field, owner, rules->n_players);
  if (cassino_cards_count (cards) < 2)
    return invalid (error, "%s: a build has two cards or more", field);
  CASSINO_CARDS_FOREACH (card, cards)
    if (rules->card_values[card] == 0)
      return invalid (error, "%s: %s has no number and cannot be in a build", field,
                      cassino_card_to_string (card));
  if (!multiple && !sum_ok (rules, cards, value))
    return invalid (error, "%s: the cards do not add up to %u", field, value);
  if (multiple && !groups_ok (rules, cards, value, 2))
    return invalid (error, "%s: the cards do not make two or more groups of %u", field, value);

  out->cards = cards;
  out->value = value;
  out->owner = owner;
  out->multiple = multiple;
  out->_pad = 0;
  return TRUE;
}

/* Whether @node is a JSON string (json-glib's getters warn on any other
 * type, and the type is the input's mistake to name). */
static gboolean
holds_string (JsonNode *node)
{
  return node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
holds_boolean (JsonNode *node)
{
  return node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN;
}

static gboolean
read_history (JsonNode             *node,
              CassinoJsonPosition  *out,
              GError              **error)
{
  JsonArray *array;
  const CassinoRules *rules = &out->rules;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return invalid (error, "history: must be an array of moves");
  array = json_node_get_array (node);
  out->view.history = g_array_new (FALSE, FALSE, sizeof (CassinoPlay));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *el = json_array_get_element (array, i);
      JsonObject *obj;
      CassinoPlay play = { 0 };
      const char *type;
      const char *text;
      const char *end;
      CassinoCard card;
      guint seat;
      JsonNode *set_node;
      JsonNode *mult;

      if (!JSON_NODE_HOLDS_OBJECT (el))
        return invalid (error, "history[%u]: must be a move object", i);
      obj = json_node_get_object (el);
      if (!holds_string (json_object_get_member (obj, "type")))
        return invalid (error, "history[%u]: \"type\" must be trail, capture or build", i);
      if (!holds_string (json_object_get_member (obj, "play")))
        return invalid (error, "history[%u]: \"play\" must be a card", i);
      type = json_object_get_string_member (obj, "type");
      text = json_object_get_string_member (obj, "play");
      if (!cassino_card_parse (text, &card, &end) || *end != '\0')
        return invalid (error, "history[%u]: \"play\" must be a card", i);
      if (!get_uint (obj, "seat", rules->n_players - 1, TRUE, 0, &seat, error))
        {
          g_prefix_error (error, "history[%u]: ", i);
          return FALSE;
        }
      play.seat = seat;
      play.move.card = card;
      if (g_str_equal (type, "trail"))
        play.move.type = CASSINO_MOVE_TRAIL;
      else if (g_str_equal (type, "capture"))
        play.move.type = CASSINO_MOVE_CAPTURE;
      else if (g_str_equal (type, "build"))
        play.move.type = CASSINO_MOVE_BUILD;
      else
        return invalid (error, "history[%u]: \"type\" must be trail, capture or build", i);
      set_node = json_object_get_member (obj, play.move.type == CASSINO_MOVE_BUILD ? "use" : "take");
      if (set_node && !JSON_NODE_HOLDS_NULL (set_node) && !JSON_NODE_HOLDS_ARRAY (set_node))
        return invalid (error, "history[%u]: \"%s\" must be an array of cards", i,
                        play.move.type == CASSINO_MOVE_BUILD ? "use" : "take");
      if (set_node && JSON_NODE_HOLDS_ARRAY (set_node))
        {
          JsonArray *cards = json_node_get_array (set_node);

          for (guint k = 0; k < json_array_get_length (cards); k++)
            {
              JsonNode *c = json_array_get_element (cards, k);
              CassinoCard tc;

              if (!holds_string (c) || !cassino_card_parse (json_node_get_string (c), &tc, &end) || *end != '\0')
                return invalid (error, "history[%u]: unknown card", i);
              play.move.set |= CASSINO_CARD_BIT (tc);
            }
        }
      if (play.move.type == CASSINO_MOVE_BUILD)
        {
          guint value;

          if (!get_uint (obj, "value", 16, TRUE, 0, &value, error))
            {
              g_prefix_error (error, "history[%u]: ", i);
              return FALSE;
            }
          play.move.value = value;
          mult = json_object_get_member (obj, "multiple");
          if (mult && !JSON_NODE_HOLDS_NULL (mult) && !holds_boolean (mult))
            return invalid (error, "history[%u]: \"multiple\" must be true or false", i);
          if (mult && holds_boolean (mult) && json_node_get_boolean (mult))
            play.move.flags |= CASSINO_MOVE_FLAG_MULTIPLE;
        }
      g_array_append_val (out->view.history, play);
    }
  return TRUE;
}

/* How many { and [ of @text are still open at its end (strings skipped):
 * a text cut short, which json-glib reports as whatever token it met last
 * ("unexpected string constant", column 28). */
static guint
open_brackets (const char *text,
               gssize      length)
{
  gsize n = length < 0 ? strlen (text) : (gsize) length;
  gboolean in_string = FALSE;
  guint depth = 0;

  for (gsize i = 0; i < n; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '{' || c == '[')
        depth++;
      else if ((c == '}' || c == ']') && depth > 0)
        depth--;
    }
  return depth + (in_string ? 1 : 0);
}

gboolean
cassino_json_position_parse (CassinoJsonPosition  *out,
                             const char           *text,
                             gssize                length,
                             GError              **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local = NULL;
  JsonNode *root;
  JsonObject *obj;
  JsonNode *rules_node;
  JsonNode *table_node;
  guint players, to_move, dealer;
  CassinoPosition *pos;
  Seen seen = { 0 };
  CassinoCards hand;
  JsonNode *node;
  guint32 owned = 0;

  memset (out, 0, sizeof *out);

  if (!cassino_json_load (parser, text, length, &local))
    {
      /* "invalid JSON at line LINE, column COLUMN: what" */
      guint line = 0, column = 0;
      const char *msg = local->message;

      if (sscanf (msg, "invalid JSON at line %u, column %u:", &line, &column) == 2 &&
          open_brackets (text, length) > 0 && strstr (msg, "nested deeper") == NULL &&
          strstr (msg, "U+0000") == NULL && strstr (msg, "UTF-8") == NULL && strstr (msg, "NUL byte") == NULL)
        return invalid (error, "invalid JSON at line %u, column %u: it ends too early, "
                        "before its last closing bracket or quote", line, column);
      return invalid (error, "%s", msg);
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    return invalid (error, "the position is empty: give a JSON object");
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return invalid (error, "the position must be a JSON object");
  obj = json_node_get_object (root);

  if (!get_uint (obj, "players", 6, FALSE, 2, &players, error))
    return FALSE;
  /* no preset is played by fewer (it said "out of range (0 to 6)") */
  if (players < 2)
    return invalid (error, "players: %u is out of range (2 to 6)", players);
  rules_node = json_object_get_member (obj, "rules");
  if (rules_node == NULL)
    {
      if (!cassino_rules_parse (&out->rules, "classic", players, &local))
        return invalid (error, "rules: %s", local->message);
    }
  else if (!cassino_rules_parse_json (&out->rules, rules_node, players, &local))
    return invalid (error, "rules: %s", local->message);

  if (!get_uint (obj, "to_move", players - 1, FALSE, 0, &to_move, error))
    return FALSE;
  if (!get_uint (obj, "dealer", players - 1, FALSE, (to_move + players - 1) % players, &dealer, error))
    return FALSE;

  pos = &out->view.pos;
  memset (pos, 0, sizeof *pos);
  pos->rules = &out->rules;
  pos->to_move = to_move;
  pos->dealer = dealer;
  pos->last_capturer = CASSINO_NO_SEAT;
  pos->last_player = CASSINO_NO_SEAT;
  pos->claim_seat = CASSINO_NO_SEAT;
  pos->last_cards_side = -1;
  pos->pile_top = CASSINO_NO_CARD;
  out->view.seat = to_move;

  if (!read_cards (obj, "hand", &out->rules, &seen, "hand", TRUE, &hand, error))
    return FALSE;
  if (hand == 0)
    return invalid (error, "hand: the player to move has no cards");
  if (cassino_cards_count (hand) > out->rules.hand_size)
    return invalid (error, "hand: %u cards, but a hand of these rules holds at most %u",
                    cassino_cards_count (hand), out->rules.hand_size);
  pos->hands[to_move] = hand;

  table_node = json_object_get_member (obj, "table");
  /* (in the words of the rules: no builds where there is no building) */
  if (table_node == NULL)
    return invalid (error, out->rules.building ?
                    "table: missing: give the cards and builds on the table, [] for none" :
                    "table: missing: give the cards on the table, [] for none");
  if (!JSON_NODE_HOLDS_ARRAY (table_node))
    return invalid (error, out->rules.building ? "table: must be an array of cards and builds" :
                    "table: must be an array of cards");
  {
    JsonArray *table = json_node_get_array (table_node);

    for (guint i = 0; i < json_array_get_length (table); i++)
      {
        JsonNode *item = json_array_get_element (table, i);
        g_autofree char *field = g_strdup_printf ("table[%u]", i);

        if (JSON_NODE_HOLDS_OBJECT (item))
          {
            if (pos->n_builds == CASSINO_MAX_BUILDS)
              return invalid (error, "%s: too many builds", field);
            if (!out->rules.building)
              return invalid (error, "%s: a build, but these rules have no building", field);
            if (!read_build (item, &out->rules, &seen, i, &pos->builds[pos->n_builds], error))
              return FALSE;
            pos->n_builds++;
          }
        else
          {
            CassinoCard card;

            if (!read_card (item, &out->rules, &seen, field, "table", &card, error))
              return FALSE;
            pos->loose |= CASSINO_CARD_BIT (card);
            /* capture_mode "pile": the list is the stack, bottom first */
            pos->pile_top = card;
          }
      }
  }

  /* what else a seat can see (choose) */
  node = json_object_get_member (obj, "piles");
  if (node && !JSON_NODE_HOLDS_NULL (node))
    {
      JsonArray *piles;

      if (!JSON_NODE_HOLDS_ARRAY (node))
        return invalid (error, "piles: must be an array with one array of cards per side");
      piles = json_node_get_array (node);
      if (json_array_get_length (piles) > out->rules.n_sides)
        return invalid (error, "piles: %u sides, not %u", out->rules.n_sides,
                        json_array_get_length (piles));
      for (guint s = 0; s < json_array_get_length (piles); s++)
        {
          JsonNode *el = json_array_get_element (piles, s);
          g_autofree char *field = g_strdup_printf ("piles[%u]", s);
          JsonArray *cards;

          if (!JSON_NODE_HOLDS_ARRAY (el))
            return invalid (error, "%s: must be an array of cards", field);
          cards = json_node_get_array (el);
          for (guint k = 0; k < json_array_get_length (cards); k++)
            {
              CassinoCard card;

              if (!read_card (json_array_get_element (cards, k), &out->rules, &seen,
                              field, "piles", &card, error))
                return FALSE;
              pos->piles[s] |= CASSINO_CARD_BIT (card);
            }
        }
    }

  {
    guint sweeps[CASSINO_MAX_SIDES];

    /* a side makes at most one sweep a play: 52 in a deal */
    if (!get_side_numbers (obj, "sweeps", out->rules.n_sides, 52, sweeps, error))
      return FALSE;
    for (guint s = 0; s < out->rules.n_sides; s++)
      pos->sweeps[s] = (guint8) sweeps[s];
    /* a game ends at its target (at most 999) or soon after */
    if (!get_side_numbers (obj, "scores", out->rules.n_sides, CASSINO_JSON_MAX_SCORE,
                           out->view.scores, error))
      return FALSE;
  }
  node = json_object_get_member (obj, "last_capturer");
  if (node && !JSON_NODE_HOLDS_NULL (node))
    {
      gint64 lc;

      if (!holds_int (node))
        return invalid (error, "last_capturer: must be a seat, a whole number (or -1 for nobody)");
      lc = json_node_get_int (node);

      if (lc < -1 || lc >= players)
        return invalid (error, "last_capturer: %" G_GINT64_FORMAT " is not a seat", lc);
      pos->last_capturer = (gint8) lc;
    }

  node = json_object_get_member (obj, "last_play");
  if (node && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        return invalid (error, "last_play: must be true or false");
      out->last_play = json_node_get_boolean (node);
    }

  /* unseen cards, hand sizes and stock */
  out->view.unseen = out->rules.deck_cards & ~seen.seen;
  {
    guint unseen = cassino_cards_count (out->view.unseen);
    guint others = 0;
    guint stock;
    JsonNode *sizes = json_object_get_member (obj, "hand_sizes");

    for (guint i = 0; i < players; i++)
      out->view.hand_sizes[i] = (i == to_move) ? cassino_cards_count (hand)
                                               : MIN (cassino_cards_count (hand), unseen);
    if (sizes && !JSON_NODE_HOLDS_NULL (sizes) && !JSON_NODE_HOLDS_ARRAY (sizes))
      return invalid (error, "hand_sizes: one number per player (%u)", players);
    if (sizes && JSON_NODE_HOLDS_ARRAY (sizes))
      {
        JsonArray *a = json_node_get_array (sizes);

        if (json_array_get_length (a) != players)
          return invalid (error, "hand_sizes: one number per player (%u)", players);
        for (guint i = 0; i < players; i++)
          {
            gint64 v;

            if (!holds_int (json_array_get_element (a, i)))
              return invalid (error, "hand_sizes[%u]: must be a whole number", i);
            v = json_array_get_int_element (a, i);

            if (v < 0 || v > 52)
              return invalid (error, "hand_sizes[%u]: %" G_GINT64_FORMAT " is impossible", i, v);
            out->view.hand_sizes[i] = (guint8) v;
          }
        if (out->view.hand_sizes[to_move] != cassino_cards_count (hand))
          return invalid (error, "hand_sizes[%u]: %u, but the hand has %u cards", to_move,
                          out->view.hand_sizes[to_move], cassino_cards_count (hand));
      }
    for (guint i = 0; i < players; i++)
      if (i != to_move)
        others += out->view.hand_sizes[i];
    /* not given: the players who have played in this round already (those
     * just before the player to move) hold a card fewer, as many of them
     * as the unseen cards say (a Scopone deal has no stock: after the first
     * trail, the others hold 9, 9 and 8 cards, not 9 each) */
    if (!(sizes && JSON_NODE_HOLDS_ARRAY (sizes)) && others > unseen && others - unseen < players)
      {
        guint fewer = others - unseen;

        for (guint k = 1; k <= fewer; k++)
          {
            guint seat = (to_move + players - k) % players;

            if (out->view.hand_sizes[seat] > 0)
              {
                out->view.hand_sizes[seat]--;
                others--;
              }
          }
      }
    if (others > unseen)
      return invalid (error, "hand_sizes: the other hands hold %u cards but only %u are unseen",
                      others, unseen);
    if (!get_uint (obj, "stock", 52, FALSE, unseen - others, &stock, error))
      return FALSE;
    if (others + stock > unseen)
      return invalid (error, "stock: %u cards in the stock and %u in other hands, but only %u are unseen",
                      stock, others, unseen);
    out->view.stock_count = stock;
  }
  pos->deck_len = out->view.stock_count;
  pos->stock_pos = 0;

  /* §4.4: the player to move must be able to take every build it owns:
   * it holds a card of the build's value (it kept one when it built) */
  for (guint i = 0; i < pos->n_builds; i++)
    if (pos->builds[i].owner == (gint8) to_move)
      {
        guint value = pos->builds[i].value;
        gboolean takes = FALSE;

        owned |= 1u << value;
        for (CassinoCard c = 0; c < CASSINO_N_CARDS && !takes; c++)
          takes = (hand & CASSINO_CARD_BIT (c)) && (out->rules.card_values[c] & (1u << value));
        if (!takes)
          return invalid (error, "impossible position: the player to move owns a build of %u "
                          "but holds no card of %u to take it", value, value);
      }
  if (owned)
    {
      CassinoMoveList list;
      gboolean any;

      cassino_move_list_init (&list);
      cassino_position_legal_moves_for_hand (pos, to_move, hand, out->last_play, &list);
      any = list.len > 0;
      cassino_move_list_clear (&list);
      if (!any)
        return invalid (error, "impossible position: the player to move owns a build it cannot take");
    }

  if (!read_history (json_object_get_member (obj, "history"), out, error))
    {
      /* a FALSE leaves nothing to clear */
      cassino_json_position_clear (out);
      return FALSE;
    }
  /* a card played before cannot be in the hand of the player to move */
  for (guint i = 0; out->view.history && i < out->view.history->len; i++)
    {
      const CassinoPlay *play = &g_array_index (out->view.history, CassinoPlay, i);

      if (CASSINO_CARD_BIT (play->move.card) & hand)
        {
          invalid (error, "history[%u]: %s was played, but it is in the hand to move", i,
                   cassino_card_to_string (play->move.card));
          cassino_json_position_clear (out);
          return FALSE;
        }
    }

  /* which hand of the deal this is: the search reads the others' plays of
   * this hand only (left at 0, every play of a whole deal's history was
   * read as made with the cards held now, and the first 24 of them, from
   * hands long over, were all it read: expert lost 55% of its games to a
   * public bot) */
  {
    guint per_hand = out->rules.n_players * out->rules.hand_size;
    guint held = 0, plays = 0;

    for (guint i = 0; i < players; i++)
      held += out->view.hand_sizes[i];
    for (guint i = 0; out->view.history && i < out->view.history->len; i++)
      plays += g_array_index (out->view.history, CassinoPlay, i).move.type != CASSINO_MOVE_CLAIM;
    if (plays > 0)
      {
        /* each seat has played this hand what it no longer holds */
        guint this_hand = per_hand > held ? per_hand - held : 0;

        pos->hand_number = (guint8) MIN ((plays > this_hand ? plays - this_hand : 0) / per_hand, 255);
      }
    else
      {
        /* the cards dealt out of the stock so far */
        guint deck = cassino_cards_count (out->rules.deck_cards);
        guint dealt = deck > out->rules.table_initial + out->view.stock_count
                      ? deck - out->rules.table_initial - out->view.stock_count : 0;

        pos->hand_number = (guint8) MIN (dealt > 0 ? (dealt - 1) / per_hand : 0, 255);
      }
  }

  return TRUE;
}

void
cassino_json_position_clear (CassinoJsonPosition *pos)
{
  g_clear_pointer (&pos->view.history, g_array_unref);
}
