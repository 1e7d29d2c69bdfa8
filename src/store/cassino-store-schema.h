/* cassino-store-schema.h: SQL shared by the schema and the code
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/*
 * The facts of every seat of every finished game, computed from the raw
 * records only: the SELECT of the view v_seat_facts (schema version 1,
 * with both filters empty) and of the rows written into seat_stats when a
 * game ends (with the filters "AND d.game_id = ?1" and "AND g.id = ?1").
 * The columns are those of seat_stats, in its order.
 *
 * Changing this text changes version 1 of the schema: don't.  Add a new
 * macro and a migration that recreates the view instead.
 *
 * Td is card 37 and 2s card 7 (cassino-card.h), hence the shifts.
 */
#define CASSINO_SEAT_FACTS_SELECT(DEAL_FILTER, GAME_FILTER) \
  "SELECT s.player_id AS player_id, g.ended AS ended, g.id AS game_id, s.seat AS seat, " \
  "s.side AS side, r.preset AS preset, r.n_players AS n_players, g.rubber_id AS rubber_id, " \
  "g.started AS started, " \
  "CASE WHEN g.winner_side IS NULL THEN 0 WHEN g.winner_side = s.side THEN 1 ELSE -1 END AS result, " \
  "coalesce(gs.score, 0) AS score, " \
  "coalesce(gs.score, 0) - coalesce((SELECT max(o.score) FROM game_sides o " \
  "  WHERE o.game_id = g.id AND o.side <> s.side), 0) AS margin, " \
  "coalesce(ds.deals, 0) AS deals, coalesce(ds.points, 0) AS points, " \
  "coalesce(ds.p_cards, 0) AS p_cards, coalesce(ds.p_spades, 0) AS p_spades, " \
  "coalesce(ds.p_big_cassino, 0) AS p_big_cassino, " \
  "coalesce(ds.p_little_cassino, 0) AS p_little_cassino, coalesce(ds.p_aces, 0) AS p_aces, " \
  "coalesce(ds.p_sweeps, 0) AS p_sweeps, coalesce(ds.p_diamonds, 0) AS p_diamonds, " \
  "coalesce(ds.p_seven_diamonds, 0) AS p_seven_diamonds, coalesce(ds.p_fours, 0) AS p_fours, " \
  "coalesce(ds.sweeps, 0) AS sweeps, coalesce(ds.big_cassino, 0) AS big_cassino, " \
  "coalesce(ds.little_cassino, 0) AS little_cassino, " \
  "coalesce(bs.builds, 0) AS builds, coalesce(bs.builds_taken, 0) AS builds_taken " \
  "FROM games g JOIN rulesets r ON r.id = g.ruleset_id " \
  "JOIN game_seats s ON s.game_id = g.id " \
  "LEFT JOIN game_sides gs ON gs.game_id = g.id AND gs.side = s.side " \
  "LEFT JOIN (SELECT d.game_id AS game_id, x.side AS side, count(*) AS deals, " \
  "  sum(x.total) AS points, sum(x.cards) AS p_cards, sum(x.spades) AS p_spades, " \
  "  sum(x.big_cassino) AS p_big_cassino, sum(x.little_cassino) AS p_little_cassino, " \
  "  sum(x.aces) AS p_aces, sum(x.sweeps) AS p_sweeps, sum(x.diamonds) AS p_diamonds, " \
  "  sum(x.seven_diamonds) AS p_seven_diamonds, sum(x.fours) AS p_fours, " \
  "  sum(x.n_sweeps) AS sweeps, sum((x.pile >> 37) & 1) AS big_cassino, " \
  "  sum((x.pile >> 7) & 1) AS little_cassino " \
  "  FROM deals d JOIN deal_scores x ON x.deal_id = d.id " \
  "  WHERE d.finished " DEAL_FILTER " GROUP BY d.game_id, x.side) ds " \
  "  ON ds.game_id = g.id AND ds.side = s.side " \
  "LEFT JOIN (SELECT d.game_id AS game_id, b.seat AS seat, count(*) AS builds, " \
  "  sum(coalesce((SELECT t.seat FROM moves t WHERE t.deal_id = b.deal_id AND t.ply > b.ply " \
  "    AND t.type IN (1, 3) AND ((t.cards >> b.card) & 1) ORDER BY t.ply LIMIT 1) = b.seat, 0)) " \
  "    AS builds_taken " \
  "  FROM deals d JOIN moves b ON b.deal_id = d.id " \
  "  WHERE b.type = 2 " DEAL_FILTER " GROUP BY d.game_id, b.seat) bs " \
  "  ON bs.game_id = g.id AND bs.seat = s.seat " \
  "WHERE g.state = 'finished' " GAME_FILTER

/*
 * Each pair (player, opponent on another side) of every finished game:
 * outcome 1 when the player's side won, -1 when the opponent's side won,
 * 0 otherwise.  The SELECT of the view v_seat_opponents and of the rows of
 * seat_opponents (same rules as above).
 */
#define CASSINO_SEAT_OPPONENTS_SELECT(GAME_FILTER) \
  "SELECT me.player_id AS player_id, o.player_id AS opponent_id, g.id AS game_id, " \
  "r.preset AS preset, r.n_players AS n_players, " \
  "min(CASE WHEN g.winner_side = me.side THEN 1 WHEN g.winner_side = o.side THEN -1 ELSE 0 END) " \
  "  AS outcome " \
  "FROM games g JOIN rulesets r ON r.id = g.ruleset_id " \
  "JOIN game_seats me ON me.game_id = g.id " \
  "JOIN game_seats o ON o.game_id = g.id AND o.side <> me.side AND o.player_id <> me.player_id " \
  "WHERE g.state = 'finished' " GAME_FILTER " " \
  "GROUP BY me.player_id, o.player_id, g.id"
