/* test-movegen-digest.c: the legal lists of random play, pinned by digest
 *
 * For every preset and every player count it allows: random deals (fixed
 * seeds, a uniformly random legal move each play) until DIGEST_POSITIONS
 * positions have been seen (DIGEST_POSITIONS_MORE for Diloti and
 * Tablanette).  Every position's legal list, in its order,
 * goes into a SHA-256 as canonical notation (with a capture's value and
 * the list's truncated flag), and so do the lists the computer players ask
 * for with a hand that is not the mover's: the next seat's whole hand, and
 * each of its cards alone (ai_expected_reply() in src/ai/cassino-ai-eval.c).
 * The digests were recorded from the generator before its third speed pass
 * (BENCHMARKS.md): any change to a list's content or order, for any preset
 * or player count, changes a digest.  A change that is meant (a rule fixed)
 * records the new digests printed by the failing test.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include "cassino-test-util.h"
#include "cassino-game.h"

#define DIGEST_POSITIONS 20000
/* the presets whose generator path the third pass rewrote: more positions */
#define DIGEST_POSITIONS_MORE 100000

typedef struct {
  const char *preset;
  guint       players;
  const char *digest;
} Expected;

static const Expected expected[] = {
  { "classic", 2, "aec578bc7a6f865f667f488a71afa117348e3296be3be43e0b6312483f00a1aa" },
  { "classic", 3, "8bf9b725ba1e67de4df14e6824a44b40e2be040b5522f6f894fea3ef873de524" },
  { "classic", 4, "231d3f6d0b79417756e352bb91edc398b48ef64e683ae1e02a4b532fa5b62481" },
  { "english", 2, "f59a12c390f21a729417b7bec70aadd133cd63181a4d7354867d78db22aff450" },
  { "english", 3, "da6e09000176a3225eb17dc5632546931709518325e6e6b046a032fec70d45f7" },
  { "english", 4, "5bdda47debc9bcef8de133bcf39916a0f17d10aa3a81566ddee0a75e5d42fce2" },
  { "american", 2, "2ea275555521308b9784875d8e18203c6ff0d3d48c78db6d0bb2091a1ed16828" },
  { "american", 3, "770fbe97b5657e85705fc0d9f970ec79a5e3adb8911a7bac5f269f80707cac63" },
  { "american", 4, "490b46b74d8908707528e011ae8a56d0fd29ddfda3b396448fca72db771e8269" },
  { "american", 6, "8899e3300e508b5b9f56f89192c0dff3c585cc7069260053d0c8fba5e72a19d5" },
  { "twenty-one", 2, "b9affe0e4820e5b941ffddcd412646b97eac19a20bd1051803500393e434434e" },
  { "twenty-one", 3, "5f00b134e3b55d6404a845268983c3c5a89ec63dd147344e2545e0ee268cf08d" },
  { "twenty-one", 4, "42b5637623929d3fcf7c565f71b6f06c7e8572024873abb9941908e341668d73" },
  { "royal", 2, "f806a142d7bcbca13337f140acee0b66a4f66ac4dc1db1e14c5e057295fac1f5" },
  { "royal", 3, "b1809a90168618f22e4770fb23d545ad86961a97904b7632f43aa2fc741d6561" },
  { "royal", 4, "2e4e7348cf5bec36990bdc6d024bcc7aa398560d5778642e005ed2b1d70050c2" },
  { "royal-ace14", 2, "ffcb044729dce7ffb42545fc1e1a546d3312ff4240f361f203737b270f365f86" },
  { "royal-ace14", 3, "9145d528c6a44fe96af443ea8c014442615aceae76f4e822c0e8e88c647f002a" },
  { "royal-ace14", 4, "55f4942204bf2760b79a1526e51a80d44284846e30a0af8acd9a6d2e4d27b18c" },
  { "spade", 2, "47718e261818d0101bb00faadcc54ffbb5443db241bf7f72ac58515a4161658f" },
  { "spade", 3, "b518ec3078ad02012a1c819739db8bb1d2c6cd3f67092c49b9cd2774af7c39ef" },
  { "spade", 4, "aab1415423b393fc51e68ca1d7daa4501db773b8274f94a421f25571d34f51b9" },
  { "diamond", 2, "5f931cb34492a5d85ee85cd494928fede10b29d8fc94936b6ab8970885fe7279" },
  { "diamond", 3, "698c887b1f19c284074d87c564ed276366ef21bb11ef7599bcc30944a9ae8707" },
  { "diamond", 4, "5f0b3aab527401e20000b30a8735b38ebc4ae2536e5556c4206640495a9ea026" },
  { "draw", 2, "65cf69556d63a690bc8aee3e190e76e9183e468699cc36494b342ff89df89277" },
  { "german", 2, "76e43234a650febcb58089c516b967f72392c275fab542331294b522c567b552" },
  { "german", 3, "38b53ae4abdb691a06f856108238bb7a348c3355a1847bbed5f1223389fc6ddf" },
  { "german", 4, "7584396b656deaf4f99a7186bb7444439427807e5d2796dd43968565a69ce8cb" },
  { "house", 2, "3cdf4013ace9933ce7773e2d3b86f4110378483d61938bfb13f6b14875669b70" },
  { "house", 3, "f05cfae8a08ddbccbab895fa210c3301d7310263bdf86f32951e97893a156ccd" },
  { "house", 4, "1b20a3f384b76499ee4bf9bc42ec98ab4e90bab41761dd23f5e7009460970a86" },
  { "scopa", 2, "29cf7e736ba0ba1c1d24b74933ff2f683bfcfe589e2eeeca1c00ad83c9ebbea2" },
  { "scopa", 3, "99e72776c5c13768b8a9879d5017a541bc86d3455e6659796f268b5f401d33cc" },
  { "scopa", 4, "801b63a22a85ba2cf6293093b041790eaa467ce9827b68dcff67416c1cfdbfe1" },
  { "scopone", 4, "610ffeb6c28e408a8b8a07b60ca69634b9096bc5a17cc7531c9ad4ee0381d021" },
  { "scopone-scientifico", 4, "69220a59af476e5c5fbf9b29f2e4856619250d8104166e1e3dfcf8bdd56ab411" },
  { "xeri", 2, "78db674915964e5792d459a56c216ed009b8852e95ffdc690b2c590c4ba36d87" },
  { "xeri", 4, "ec491c497f90090e2518c2932002815b6529a4f471011fa062200a6e8ada2286" },
  { "diloti", 2, "5d11be29f14f9563c4e874a3e1160cdc8bfaceef555e67986bce44ecfc8cf42f" },
  { "diloti", 4, "9a1e4d49bb9e48d3a1c30344e130faa5d89e014c3354c62b987210a68295be5c" },
  { "tablanette", 2, "d391f6320ea02aff96e2b165724e2b6df99bf536291c5d1f6acde28a3ad05880" },
  { "callabra", 2, "63e07620324978cf94727e0f06b2129a9423b0659be3a4ef51a75ba47ced02b6" },
  { "callabra", 3, "801a9f66de0bc8c1dd98bc4ba65a8ff978cab173d79072038516b3a210ab80bd" },
  { "callabra", 4, "b2e809a0ceabf19d81093f7599a691b866b4efca0596e60b3b51152fc6beb61d" },
  { "pasur", 2, "53c0dcd1b6f0f0cc047c0241bd8d833b5ede57545ab46c107f4f8abe5299e6bd" },
  { "pasur", 3, "f0cb462b4be604cb39621699268f640f4d4bd9e3974514a54c4025f39ba603ee" },
  { "pasur", 4, "bb4ccb3634dc44af981f3f12060f9354b7c9700442a628dbb631eb4d18ee14e5" },
};

typedef struct {
  guint64 positions;
  guint64 with_builds;
  guint64 moves;
} Counts;

static void
add_list (GChecksum             *sum,
          const char            *what,
          const CassinoMoveList *list)
{
  char head[32];

  g_snprintf (head, sizeof head, "%s %u%s\n", what, list->len, list->truncated ? " truncated" : "");
  g_checksum_update (sum, (const guchar *) head, -1);
  for (guint i = 0; i < list->len; i++)
    {
      const CassinoMove *m = &list->moves[i];
      g_autofree char *text = cassino_move_to_notation (m);
      char value[16];

      g_checksum_update (sum, (const guchar *) text, -1);
      /* a capture's value is not in its notation but is kept (review cache) */
      g_snprintf (value, sizeof value, m->type == CASSINO_MOVE_CAPTURE ? " v%u\n" : "\n", m->value);
      g_checksum_update (sum, (const guchar *) value, -1);
    }
}

/* The digest of one preset and player count; @counts says what was seen. */
static char *
digest_of (CassinoPreset preset,
           guint         n_players,
           Counts       *counts)
{
  CassinoRules rules;
  CassinoRng rng;
  CassinoMoveList list, other;
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr(GError) error = NULL;
  guint dealer = 0;
  guint64 want_positions = preset == CASSINO_PRESET_DILOTI || preset == CASSINO_PRESET_TABLANETTE
                             ? DIGEST_POSITIONS_MORE : DIGEST_POSITIONS;

  memset (counts, 0, sizeof *counts);
  if (!cassino_rules_init_preset (&rules, preset, n_players, &error))
    g_error ("%s, %u players: %s", cassino_preset_to_string (preset), n_players, error->message);
  cassino_rng_init (&rng, g_str_hash (cassino_preset_to_string (preset)) * 10u + n_players);
  cassino_move_list_init (&list);
  cassino_move_list_init (&other);

  while (counts->positions < want_positions)
    {
      CassinoPosition pos;
      guint8 deck[CASSINO_N_CARDS];

      cassino_deal_deck_for_seed (&rules, cassino_rng_next (&rng), deck);
      cassino_position_deal (&pos, &rules, deck, rules.deck, dealer);
      dealer = (dealer + 1) % n_players;
      while (!pos.deal_over)
        {
          guint opp = (pos.to_move + 1) % n_players;
          CassinoCard card;

          list.len = 0;
          list.truncated = FALSE;
          cassino_position_legal_moves (&pos, &list);
          g_assert_cmpuint (list.len, >, 0);
          add_list (sum, "to move", &list);

          /* the computer players' questions about the next seat */
          other.len = 0;
          other.truncated = FALSE;
          cassino_position_legal_moves_for_hand (&pos, opp, pos.hands[opp], FALSE, &other);
          add_list (sum, "next", &other);
          CASSINO_CARDS_FOREACH (card, pos.hands[opp])
            {
              other.len = 0;
              other.truncated = FALSE;
              cassino_position_legal_moves_for_hand (&pos, opp, CASSINO_CARD_BIT (card), FALSE, &other);
              add_list (sum, "next card", &other);
            }

          counts->positions++;
          counts->with_builds += pos.n_builds > 0;
          counts->moves += list.len;
          cassino_position_apply (&pos, &list.moves[cassino_rng_below (&rng, list.len)], NULL);
        }
    }

  cassino_move_list_clear (&list);
  cassino_move_list_clear (&other);
  return g_strdup (g_checksum_get_string (sum));
}

static const char *
expected_digest (CassinoPreset preset,
                 guint         n_players)
{
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (g_str_equal (expected[i].preset, cassino_preset_to_string (preset)) &&
        expected[i].players == n_players)
      return expected[i].digest;
  return NULL;
}

static void
test_preset (gconstpointer data)
{
  CassinoPreset preset = GPOINTER_TO_UINT (data);
  guint counts_allowed = cassino_preset_get_player_counts (preset);
  CassinoRules rules;

  g_assert_true (cassino_rules_init_preset (&rules, preset, (guint) __builtin_ctz (counts_allowed), NULL));
  for (guint n = 2; n <= CASSINO_MAX_PLAYERS; n++)
    if (counts_allowed & (1u << n))
      {
        Counts counts;
        g_autofree char *digest = digest_of (preset, n, &counts);
        const char *want = expected_digest (preset, n);

        g_test_message ("%s, %u players: %" G_GUINT64_FORMAT " positions (%" G_GUINT64_FORMAT
                        " with builds), %" G_GUINT64_FORMAT " legal moves: %s",
                        cassino_preset_to_string (preset), n, counts.positions,
                        counts.with_builds, counts.moves, digest);
        /* CASSINO_PRINT_DIGESTS=1 test-movegen-digest: the table of expected[] */
        if (g_getenv ("CASSINO_PRINT_DIGESTS"))
          {
            fprintf (stderr, "  { \"%s\", %u, \"%s\" },\n", cassino_preset_to_string (preset), n, digest);
            continue;
          }
        g_assert_cmpuint (counts.positions, >=, DIGEST_POSITIONS);
        /* the builds of random play are in what is pinned */
        if (rules.building)
          g_assert_cmpuint (counts.with_builds, >=, counts.positions / 10);
        g_assert_nonnull (want);
        g_assert_cmpstr (digest, ==, want);
      }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* every preset that differs is reported, not only the first */
  g_test_set_nonfatal_assertions ();

  for (guint p = 0; p < CASSINO_N_ALL_PRESETS; p++)
    {
      g_autofree char *path = g_strdup_printf ("/cassino/movegen-digest/%s", cassino_preset_to_string (p));

      g_test_add_data_func (path, GUINT_TO_POINTER (p), test_preset);
    }

  return g_test_run ();
}
