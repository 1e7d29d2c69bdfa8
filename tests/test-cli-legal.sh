#!/bin/sh
# cassino-cli legal / choose / validate: exact output and clear errors (TAP)
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
cli="$1"
n=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); fail=1; echo "not ok $n - $1"; [ -n "$2" ] && printf "%s\n" "$2" | sed "s/^/# /"; }

# expect_error NAME JSON WORD: exit 2, nothing on stdout, one line on stderr naming WORD
expect_error () {
  printf '%s' "$2" > "$tmp/in.json"
  "$cli" legal "$tmp/in.json" > "$tmp/out" 2> "$tmp/err"
  status=$?
  lines=$(wc -l < "$tmp/err")
  if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$lines" -eq 1 ] && grep -q -- "$3" "$tmp/err"; then
    ok "$1"
  else
    not_ok "$1" "status $status, stderr: $(cat "$tmp/err")"
  fi
}

# the example of cli.md
cat > "$tmp/pos.json" <<'JSON'
{
  "rules": "classic",
  "players": 2,
  "to_move": 0,
  "hand": ["7h", "Tc", "3s", "Ks"],
  "table": [
    "6c",
    "9d",
    {"build": ["3c", "5h"], "value": 8, "owner": 1, "multiple": false}
  ],
  "last_play": false
}
JSON
cat > "$tmp/expected" <<'OUT'
{"play": "3s", "type": "trail"}
{"play": "7h", "type": "trail"}
{"play": "Tc", "type": "trail"}
{"play": "Ks", "type": "trail"}
OUT
if "$cli" legal "$tmp/pos.json" > "$tmp/out" && cmp -s "$tmp/out" "$tmp/expected"; then
  ok "legal: the example of cli.md"
else
  not_ok "legal: the example of cli.md" "$(cat "$tmp/out")"
fi

# standard input, captures with sweep flags and builds
printf '%s' '{"rules":"classic","hand":["9s","5h","8c"],"table":["6c","3h","Kd"]}' |
  "$cli" legal > "$tmp/out"
cat > "$tmp/expected" <<'OUT'
{"play": "5h", "type": "trail"}
{"play": "8c", "type": "trail"}
{"play": "9s", "type": "trail"}
{"play": "9s", "type": "capture", "take": ["3h", "6c"], "sweep": false}
{"play": "5h", "type": "build", "value": 8, "use": ["3h"], "multiple": false}
OUT
if cmp -s "$tmp/out" "$tmp/expected"; then ok "legal: standard input"; else not_ok "legal: standard input" "$(cat "$tmp/out")"; fi

expect_error "bad JSON names line and column" '{"rules": "classic", "hand": [' "line 1, column 30"
expect_error "unknown card" '{"rules":"classic","hand":["7x"],"table":[]}' '7x'
expect_error "duplicate card" '{"rules":"classic","hand":["7h"],"table":["7h"]}' 'duplicate card 7h'
expect_error "unknown preset" '{"rules":"clasic","hand":["7h"],"table":[]}' 'clasic'
expect_error "unknown option" '{"rules":{"preset":"classic","foo":1},"hand":["7h"],"table":[]}' 'foo'
expect_error "impossible: build does not add up" '{"rules":"classic","hand":["7h"],"table":[{"build":["3c","4d"],"value":8,"owner":1}]}' 'table\[0\]'
expect_error "impossible: own build without a card to take it" '{"rules":"classic","hand":["7h"],"table":[{"build":["3c","5d"],"value":8,"owner":0}]}' 'impossible'
expect_error "impossible: owner is not a seat" '{"rules":"classic","hand":["7h"],"table":[{"build":["3c","5d"],"value":8,"owner":5}]}' 'owner'
expect_error "impossible: court in a build" '{"rules":"classic","hand":["7h"],"table":[{"build":["Kc","5d"],"value":8,"owner":1}]}' 'Kc'
expect_error "impossible: players for the preset" '{"rules":"draw","players":3,"hand":["7h"],"table":[]}' 'players'
expect_error "empty hand" '{"rules":"classic","hand":[],"table":[]}' 'hand'
expect_error "missing table" '{"rules":"classic","hand":["7h"]}' 'table'
expect_error "not an object" '[1,2,3]' 'object'

# choose
if "$cli" choose --list | grep -q '^expert'; then ok "choose --list"; else not_ok "choose --list"; fi
if [ "$("$cli" choose --list | cut -f1 | tr '\n' ' ')" = "beginner easy medium hard expert master " ]; then
  ok "choose --list shows six levels, master last"
else
  not_ok "choose --list shows six levels, master last" "$("$cli" choose --list)"
fi
a=$("$cli" choose --level master --iterations 40 --seed 7 "$tmp/pos.json")
b=$("$cli" choose --level master --iterations 40 --seed 7 "$tmp/pos.json")
if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "choose: master reproducible with --iterations"; else not_ok "choose: master reproducible with --iterations" "$a / $b"; fi
if "$cli" choose --level master --time-ms 50 "$tmp/pos.json" > "$tmp/choice" && "$cli" legal "$tmp/pos.json" | grep -qxF -f "$tmp/choice"; then
  ok "choose: master with --time-ms gives a legal move"
else
  not_ok "choose: master with --time-ms gives a legal move" "$(cat "$tmp/choice")"
fi
"$cli" choose --level master --time-ms -5 "$tmp/pos.json" > /dev/null 2> "$tmp/err"
if [ $? -eq 2 ] && grep -q 'time-ms' "$tmp/err"; then ok "choose: bad --time-ms named"; else not_ok "choose: bad --time-ms named" "$(cat "$tmp/err")"; fi
if "$cli" simulate --games 1 --levels master:8,hint:8 --json > "$tmp/sim" &&
   grep -q '"level": "master:8"' "$tmp/sim" && grep -q '"level": "hint:8"' "$tmp/sim"; then
  ok "simulate: a side's own budget and a side that follows the hints"
else
  not_ok "simulate: a side's own budget and a side that follows the hints" "$(cat "$tmp/sim")"
fi
"$cli" simulate --games 1 --levels master:x,expert > /dev/null 2> "$tmp/err"
if [ $? -eq 2 ] && grep -q '“x”' "$tmp/err"; then ok "simulate: bad budget in --levels named"; else not_ok "simulate: bad budget in --levels named" "$(cat "$tmp/err")"; fi
for level in beginner easy medium hard expert master; do
  "$cli" choose --level "$level" --seed 3 "$tmp/pos.json" > "$tmp/choice" 2> "$tmp/err"
  if [ $? -eq 0 ] && grep -qxF -f "$tmp/choice" "$tmp/expected" 2>/dev/null || "$cli" legal "$tmp/pos.json" | grep -qxF -f "$tmp/choice"; then
    ok "choose --level $level gives a legal move"
  else
    not_ok "choose --level $level gives a legal move" "$(cat "$tmp/choice" "$tmp/err")"
  fi
done
"$cli" choose --level nope "$tmp/pos.json" > /dev/null 2> "$tmp/err"
if [ $? -eq 2 ] && grep -q nope "$tmp/err"; then ok "choose: unknown level"; else not_ok "choose: unknown level"; fi
a=$("$cli" choose --level expert --seed 7 "$tmp/pos.json")
b=$("$cli" choose --level expert --seed 7 "$tmp/pos.json")
if [ "$a" = "$b" ]; then ok "choose: reproducible with --seed"; else not_ok "choose: reproducible with --seed"; fi

# simulate and validate
if "$cli" simulate --games 2 --levels medium,easy --records "$tmp/games.txt" > "$tmp/sim" &&
   grep -q medium "$tmp/sim" && "$cli" validate "$tmp/games.txt" > "$tmp/val" &&
   [ "$(grep -c finished "$tmp/val")" -eq 4 ]; then
  ok "simulate writes records that validate"
else
  not_ok "simulate writes records that validate" "$(cat "$tmp/sim" "$tmp/val")"
fi
sed 's/^3\. S\(.\) .*/3. S\1 Zz/' "$tmp/games.txt" > "$tmp/bad.txt"
"$cli" validate "$tmp/bad.txt" > /dev/null 2> "$tmp/err"
if [ $? -eq 2 ] && grep -q 'line [0-9]*, column' "$tmp/err"; then ok "validate: error with line and column"; else not_ok "validate: error with line and column" "$(cat "$tmp/err")"; fi

"$cli" nonsense > /dev/null 2>&1
if [ $? -eq 2 ]; then ok "unknown command"; else not_ok "unknown command"; fi

echo "1..$n"
exit $fail
