#!/bin/sh
# bench-salvage.sh: damage every page of a database in turn and count the
# games the salvage saves and loses, as a table for BENCHMARKS.md
#
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/bench-salvage.sh CLI DATABASE
#   CLI       path to cassino-cli
#   DATABASE  a database of games (left as it is: each damage is made on a
#             copy, one page overwritten with 0xa5; opening the copy through
#             `cassino-cli simulate` salvages it)
#
# Prints one line a page (its number, the table or index it belongs to, the
# counts the salvage gave) and the totals.

set -eu
cli=$1
db=$2
page_size=$(python3 -c "import sqlite3,sys; print(sqlite3.connect('file:'+sys.argv[1]+'?mode=ro', uri=True).execute('PRAGMA page_size').fetchone()[0])" "$db")
pages=$(( $(stat -c %s "$db") / page_size ))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$db" > "$tmp/owners" <<'PY'
import sqlite3, sys
c = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
try:
    for n, t, p in c.execute('SELECT pageno, pagetype, name FROM dbstat ORDER BY pageno'):
        print(n, p + ':' + t)
except sqlite3.OperationalError:
    pass                        # no dbstat in this SQLite: pages unnamed
PY
total_lost=0
all_lost=0
worst=0
for p in $(seq 1 "$pages"); do
  cp "$db" "$tmp/copy.db"
  python3 -c "
import sys
f = open(sys.argv[1], 'r+b'); f.seek((int(sys.argv[2]) - 1) * int(sys.argv[3]))
f.write(bytes([0xa5]) * int(sys.argv[3])); f.close()" "$tmp/copy.db" "$p" "$page_size"
  counts=$("$cli" simulate --games 1 --levels easy,beginner --seed 999999 --db "$tmp/copy.db" 2>&1 |
           grep -oE '[0-9]+ saved, [0-9]+ lost' | head -1 || true)
  owner=$(awk -v p="$p" '$1 == p { print $2 }' "$tmp/owners")
  echo "$p ${owner:-?} ${counts:-nothing to salvage}"
  saved=$(echo "$counts" | awk '{ print $1 + 0 }')
  lost=$(echo "$counts" | awk '{ print $3 + 0 }')
  total_lost=$((total_lost + lost))
  [ "$lost" -gt "$worst" ] && worst=$lost
  [ "$lost" -gt 0 ] && [ "$saved" -eq 0 ] && all_lost=$((all_lost + 1))
  rm -f "$tmp"/copy.db*
done
echo "pages: $pages; games lost, all damages: $total_lost; pages whose damage lost every game: $all_lost; worst page: $worst lost"
