#!/bin/sh
# bench-ai.sh: the computer players' ladder, as a table for BENCHMARKS.md
#
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/bench-ai.sh [CLI] [SEEDS] [JOBS] [RULES] [PLAYERS] [PAIRS...]
#   CLI      path to cassino-cli (default _build/src/cli/cassino-cli)
#   SEEDS    seeds per pair; every seed is played once per seating, so a
#            two-sided pair plays 2 × SEEDS games (default 500 → 1,000)
#   JOBS     threads (default 2)
#   RULES    preset (default classic)
#   PLAYERS  2, 3 or 4 (default 2; 4 = partnerships)
#   PAIRS    level pairs "stronger,weaker" (default the whole ladder and
#            expert,easy); with 3 players give three levels "a,b,b".  A
#            level may carry its own number of sampled deals a move
#            ("master:200,expert"); "hint" is a side that follows every
#            hint (master's search, the hint's budget)
#
# Environment: TIME_MS gives every level a time limit a decision (master
# then searches until it; not reproducible).
#
# Prints one Markdown row per pair: the first level's games, wins, win
# rate with its Wilson 95% interval, points per deal of both, and the
# decision time (median / p95 / max ms) of both.  Uses the levels' default
# budgets (iterations, no time limit), so the figures are reproducible,
# unless TIME_MS is set.
set -eu

CLI=${1:-_build/src/cli/cassino-cli}
SEEDS=${2:-500}
JOBS=${3:-2}
RULES=${4:-classic}
PLAYERS=${5:-2}
if [ $# -ge 5 ]; then shift 5; else shift $#; fi
PAIRS=${*:-"easy,beginner medium,easy hard,medium expert,hard master,expert expert,easy"}
TIME_OPT=${TIME_MS:+--time-ms $TIME_MS}

echo "| pair | games | wins (first) | win % | 95% interval | points/deal | ms median / p95 / max |"
echo "|---|---|---|---|---|---|---|"
for pair in $PAIRS; do
  json=$("$CLI" simulate --games "$SEEDS" --levels "$pair" --rules "$RULES" \
           --players "$PLAYERS" --jobs "$JOBS" --seed 20260101 $TIME_OPT --json)
  echo "$json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
e = d["entries"]
a = e[0]
others = e[1:]
pts = " / ".join("%.2f" % x["points_per_deal"] for x in e)
ms = "; ".join("%s %.2f / %.2f / %.1f" % (x["level"], x["median_ms"], x["p95_ms"], x["max_ms"]) for x in e)
print("| %s | %d | %d | %.1f%% | %.1f–%.1f%% | %s | %s |" % (
    " vs ".join(x["level"] for x in e), a["games"], a["wins"], a["win_pct"],
    a["ci95"][0], a["ci95"][1], pts, ms))
print("(%s, %s players, %.0f s)" % (d["rules"], d["players"], d["seconds"]), file=sys.stderr)
'
done
