#!/bin/sh
# cassino-cli legal / choose / validate: exact output and clear errors (TAP)
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
cli="$1"
. "$(dirname "$0")/tap.sh"

# expect_error NAME JSON WORD: exit 2, nothing on stdout, one line on stderr
# naming WORD (for legal; $command says otherwise)
command=legal
expect_error () {
  printf '%s' "$2" > "$tmp/in.json"
  "$cli" $command "$tmp/in.json" > "$tmp/out" 2> "$tmp/err"
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

# the fishing family (family.md): the pile is the table list, bottom first
expect_legal () {
  printf '%s' "$2" | "$cli" legal > "$tmp/out" 2> "$tmp/err"
  printf '%s\n' "$3" > "$tmp/expected"
  if cmp -s "$tmp/out" "$tmp/expected"; then ok "$1"; else not_ok "$1" "$(cat "$tmp/out" "$tmp/err")"; fi
}
expect_legal "legal: xeri, only the top card counts" \
  '{"rules":"xeri","hand":["9h","Jd","5s","3s"],"table":["3c","8d","9c"]}' \
  '{"play": "3s", "type": "trail"}
{"play": "5s", "type": "trail"}
{"play": "9h", "type": "capture", "take": ["3c", "8d", "9c"], "sweep": false}
{"play": "Jd", "type": "capture", "take": ["3c", "8d", "9c"], "sweep": false}'
expect_legal "legal: xeri, a jack on a lone jack" \
  '{"rules":"xeri","players":4,"hand":["Js","Jc"],"table":["Jh"]}' \
  '{"play": "Jc", "type": "capture", "take": ["Jh"], "sweep": true}
{"play": "Js", "type": "capture", "take": ["Jh"], "sweep": true}'
expect_legal "legal: scopa, single-card priority and forced capture" \
  '{"rules":"scopa","hand":["5s","Qs","2c"],"table":["5c","3d","2h","4c"]}' \
  '{"play": "2c", "type": "capture", "take": ["2h"], "sweep": false}
{"play": "5s", "type": "capture", "take": ["5c"], "sweep": false}
{"play": "Qs", "type": "capture", "take": ["4c", "5c"], "sweep": false}
{"play": "Qs", "type": "capture", "take": ["2h", "3d", "4c"], "sweep": false}'
expect_legal "legal: pasur, sums to 11 and the jack" \
  '{"rules":"pasur","players":3,"hand":["7c","Js","3h"],"table":["Ac","2d","2h","4s","Qh"]}' \
  '{"play": "3h", "type": "capture", "take": ["2d", "2h", "4s"], "sweep": false}
{"play": "7c", "type": "capture", "take": ["4s"], "sweep": false}
{"play": "7c", "type": "capture", "take": ["2d", "2h"], "sweep": false}
{"play": "Js", "type": "capture", "take": ["Ac", "2d", "2h", "4s"], "sweep": false}'
# Scopone: no stock, so the players who have played in this round hold a
# card fewer (after the first trail: 9, 9 and 8); without hand_sizes the
# position was refused, "the other hands hold 27 cards but only 26 are unseen"
expect_legal "legal: scopone, after the first trail" \
  '{"rules":"scopone","players":4,"to_move":1,"hand":["Kh","Jc","7c","2s","Jh","6s","7h","3d","3c"],"table":["2h","6d","5c","Qd","Ks"]}' \
  '{"play": "3c", "type": "trail"}
{"play": "3d", "type": "trail"}
{"play": "2s", "type": "capture", "take": ["2h"], "sweep": false}
{"play": "6s", "type": "capture", "take": ["6d"], "sweep": false}
{"play": "7c", "type": "capture", "take": ["2h", "5c"], "sweep": false}
{"play": "7h", "type": "capture", "take": ["2h", "5c"], "sweep": false}
{"play": "Jc", "type": "capture", "take": ["2h", "6d"], "sweep": false}
{"play": "Jh", "type": "capture", "take": ["2h", "6d"], "sweep": false}
{"play": "Kh", "type": "capture", "take": ["Ks"], "sweep": false}'
expect_legal "legal: scopone-scientifico, the second play" \
  '{"rules":"scopone-scientifico","players":4,"to_move":1,"hand":["Ks","Kh","Kc","Kd","Qs","Qh","Qc","Qd","Js","Jh"],"table":["Ac"]}' \
  '{"play": "Jh", "type": "trail"}
{"play": "Js", "type": "trail"}
{"play": "Qc", "type": "trail"}
{"play": "Qd", "type": "trail"}
{"play": "Qh", "type": "trail"}
{"play": "Qs", "type": "trail"}
{"play": "Kc", "type": "trail"}
{"play": "Kd", "type": "trail"}
{"play": "Kh", "type": "trail"}
{"play": "Ks", "type": "trail"}'
expect_legal "legal: tablanette, the jack sweeps, aces 1 or 11" \
  '{"rules":"tablanette","hand":["Ks","Jh"],"table":["Ac","3d","Kh"]}' \
  '{"play": "Ks", "type": "trail"}
{"play": "Jh", "type": "capture", "take": ["Ac", "3d", "Kh"], "sweep": false}
{"play": "Ks", "type": "capture", "take": ["Kh"], "sweep": false}
{"play": "Ks", "type": "capture", "take": ["Ac", "3d"], "sweep": false}
{"play": "Ks", "type": "capture", "take": ["Ac", "3d", "Kh"], "sweep": true}'
expect_error "italian deck has no eights" '{"rules":"scopa","hand":["8c"],"table":[]}' '8c'
expect_error "no builds without building" '{"rules":"xeri","hand":["7h"],"table":[{"build":["3c","5d"],"value":8,"owner":1}]}' 'table\[0\]'
expect_error "unknown value of a family option" '{"rules":{"preset":"pasur","table_jack":"burn"},"hand":["7h"],"table":[]}' 'table_jack'
for preset in "scopa 3 medium,easy,easy" "scopone 4 medium,easy" "xeri 4 medium,easy" "diloti 2 medium,easy" \
              "tablanette 2 medium,easy" "callabra 3 medium,easy,easy" "pasur 2 medium,easy"; do
  set -- $preset
  if "$cli" simulate --games 1 --players "$2" --levels "$3" --rules "$1" --records "$tmp/fam.txt" > "$tmp/sim" 2> "$tmp/err" &&
     "$cli" validate "$tmp/fam.txt" > "$tmp/val" 2>> "$tmp/err" &&
     [ "$(grep -c "$1, $2 players, .* finished" "$tmp/val")" -ge 2 ]; then
    ok "simulate $1 with $2 players writes records that validate"
  else
    not_ok "simulate $1 with $2 players writes records that validate" "$(cat "$tmp/sim" "$tmp/val" "$tmp/err")"
  fi
done
printf '%s' '{"rules":"xeri","hand":["9h","5s"],"hand_sizes":[2,2],"stock":30,"table":["3c","9c"],"piles":[[],[]]}' > "$tmp/xeri.json"
"$cli" choose --level expert --seed 1 "$tmp/xeri.json" > "$tmp/choice" 2> "$tmp/err"
if "$cli" legal "$tmp/xeri.json" | grep -qxF -f "$tmp/choice"; then ok "choose: xeri, a legal move"; else not_ok "choose: xeri, a legal move" "$(cat "$tmp/choice" "$tmp/err")"; fi

expect_error "bad JSON names line and column" '{"rules": "classic", "hand": [' "line 1, column 30"
expect_error "unknown card" '{"rules":"classic","hand":["7x"],"table":[]}' '7x'
expect_error "duplicate card" '{"rules":"classic","hand":["7h"],"table":["7h"]}' 'duplicate card 7h'
expect_error "unknown preset" '{"rules":"clasic","hand":["7h"],"table":[]}' 'clasic'
# with the names it could be
expect_error "unknown preset, the names" '{"rules":"xery","hand":["7h"],"table":[]}' 'unknown preset “xery” (the presets are classic, english, .*, xeri, diloti, tablanette, callabra, pasur)'
expect_error "unknown option" '{"rules":{"preset":"classic","foo":1},"hand":["7h"],"table":[]}' 'foo'
expect_error "impossible: build does not add up" '{"rules":"classic","hand":["7h"],"table":[{"build":["3c","4d"],"value":8,"owner":1}]}' 'table\[0\]'
expect_error "impossible: own build without a card to take it" '{"rules":"classic","hand":["7h"],"table":[{"build":["3c","5d"],"value":8,"owner":0}]}' 'impossible'
# (the helper's cross-check, session 14: a move of the build 8 was listed
# while the owner held no 8; american may not raise its own build, so
# there the same position was refused; now both are)
expect_error "impossible: own build, another move possible" '{"rules":"classic","hand":["Ac","7d"],"table":[{"build":["3c","5d"],"value":8,"owner":0},"Ah"]}' 'owns a build of 8 but holds no card of 8'
expect_error "a build without its cards" '{"rules":"classic","hand":["8h"],"table":[{"cards":["3c","5h"],"value":8,"owner":1}]}' 'table\[0\]: a build needs "build"'
expect_error "a build value below zero" '{"rules":"classic","hand":["8h"],"table":[{"build":["3c","5h"],"value":-3,"owner":1}]}' 'build value -3 is impossible (2 to 10)'
expect_error "a build value past 32 bits" '{"rules":"classic","hand":["8h"],"table":[{"build":["3c","5h"],"value":2147483648,"owner":1}]}' 'build value 2147483648 is impossible'
expect_error "impossible: a hand larger than the rules deal" '{"rules":"classic","hand":["8h","2c","3c","4c","5c"],"table":["3h"]}' 'hand: 5 cards, but a hand of these rules holds at most 4'
# a key given twice, or a second document: which one would count?
expect_error "a key given twice" '{"rules":"classic","hand":["8h"],"table":["3h"],"hand":["9h"]}' 'the key “hand” is given twice'
expect_error "a key given twice in a rules object" '{"rules":{"preset":"classic","sweeps":false,"sweeps":true},"hand":["8h"],"table":[]}' 'the key “sweeps” is given twice'
expect_error "a second document" '{"rules":"classic","hand":["8h"],"table":["3h"]} {"rules":"royal"}' 'more text after the end of the JSON document'
# a message is one line: a line break in what it quotes is shown escaped
# (session 15); a string holding U+0000 was read up to it ("classic\u0000junk"
# as "classic") and the position accepted
expect_error "a line break in a preset name" '{"rules":"clas\nsic","hand":["9s"],"table":[]}' 'unknown preset “clas\\nsic”'
expect_error "a line break in a card" '{"rules":"classic","hand":["9s\nx"],"table":[]}' 'unknown card "9s\\nx"'
expect_error "a line break in an option value" '{"rules":{"preset":"classic","court_capture":"a\nb"},"hand":["9s"],"table":[]}' '“a\\nb” is not a valid value'
expect_error "a control character in a card" '{"rules":"classic","hand":["9s\u0001"],"table":[]}' 'unknown card "9s\\x01"'
expect_error "U+0000 in a preset name" '{"rules":"classic\u0000junk","hand":["9s"],"table":[]}' 'line 1, column 18: a string holds the character U+0000'
expect_error "U+0000 in a card" '{"rules":"classic","hand":["9s\u0000zz"],"table":[]}' 'a string holds the character U+0000'
expect_error "U+0000 in an option value" '{"rules":{"preset":"classic","court_capture":"all\u0000x"},"hand":["9s"],"table":[]}' 'a string holds the character U+0000'
printf '{"rules":"classic",\n"hand":["9s\0"],"table":[]}' > "$tmp/nul.json"
printf '{"rules":"classic",\n "hand":["9s\377"],"table":[]}' > "$tmp/latin1.json"
for f in nul latin1; do
  "$cli" legal "$tmp/$f.json" > "$tmp/out" 2> "$tmp/err"
  status=$?
  case $f in nul) want='line 2, column 12: a NUL byte' ;; *) want='line 2, column 13: the text is not UTF-8' ;; esac
  if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q "$want" "$tmp/err"; then
    ok "legal: $f in a position is named at its place"
  else
    not_ok "legal: $f in a position is named at its place" "status $status, stderr: $(cat "$tmp/err")"
  fi
done
# an escaped backslash before u0000 is no U+0000
printf '%s' '{"rules":"classic","hand":["9s"],"table":[],"note":"a\\u0000b"}' | "$cli" legal > "$tmp/out" 2> "$tmp/err"
if [ $? -eq 0 ] && [ "$(cat "$tmp/out")" = '{"play": "9s", "type": "trail"}' ]; then
  ok "legal: \\\\u0000 is a backslash and text"
else
  not_ok "legal: \\\\u0000 is a backslash and text" "$(cat "$tmp/err")"
fi
expect_error "players: 1" '{"rules":"classic","players":1,"hand":["9s"],"table":[]}' 'players: 1 is out of range (2 to 6)'
expect_error "players: -2" '{"rules":"classic","players":-2,"hand":["9s"],"table":[]}' 'players: -2 is out of range (2 to 6)'
expect_error "impossible: owner is not a seat" '{"rules":"classic","hand":["7h"],"table":[{"build":["3c","5d"],"value":8,"owner":5}]}' 'owner'
expect_error "impossible: court in a build" '{"rules":"classic","hand":["7h"],"table":[{"build":["Kc","5d"],"value":8,"owner":1}]}' 'Kc'
expect_error "impossible: players for the preset" '{"rules":"draw","players":3,"hand":["7h"],"table":[]}' 'players'
expect_error "empty hand" '{"rules":"classic","hand":[],"table":[]}' 'hand'
# a missing table is said to be missing, in the rules' words (Xeri has no builds)
expect_error "table missing" '{"rules":"classic","hand":["9s"]}' 'table: missing: give the cards and builds on the table, \[\] for none'
expect_error "table missing, xeri" '{"rules":"xeri","hand":["9s"],"tabel":[]}' 'table: missing: give the cards on the table, \[\] for none'
expect_error "table not an array, xeri" '{"rules":"xeri","hand":["9s"],"table":"9h"}' 'table: must be an array of cards$'
expect_error "table not an array" '{"rules":"classic","hand":["9s"],"table":{}}' 'table: must be an array of cards and builds$'
expect_error "empty input" '' 'the position is empty: give a JSON object'
expect_error "blank input" '   ' 'the position is empty: give a JSON object'
expect_error "missing table" '{"rules":"classic","hand":["7h"]}' 'table'
expect_error "not an object" '[1,2,3]' 'object'

# hostile positions (issue 15): nesting that overflowed json-glib's stack,
# a number beyond 64 bits that json-glib read as -1
head -c 100000 /dev/zero | tr '\0' '[' > "$tmp/deep.json"
"$cli" legal "$tmp/deep.json" > "$tmp/out" 2> "$tmp/err"
status=$?
if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
   grep -q 'line 1, column 33: .*nested deeper than 32 levels' "$tmp/err"; then
  ok "legal: [ x 100,000 is refused, not a crash"
else
  not_ok "legal: [ x 100,000 is refused, not a crash" "status $status, stderr: $(cat "$tmp/err")"
fi
expect_error "deep rules object" "{\"rules\":{\"preset\":\"classic\",\"x\":$(head -c 5000 /dev/zero | tr '\0' '[')},\"hand\":[\"7h\"],\"table\":[]}" 'nested deeper'
expect_error "to_move beyond 64 bits" '{"rules":"classic","to_move":99999999999999999999999999999,"hand":["7h"],"table":[]}' 'column 30: .*too large'
expect_error "negative to_move" '{"rules":"classic","to_move":-1,"hand":["7h"],"table":[]}' 'to_move: -1 is out of range'

command="choose --level medium"
expect_error "choose: negative score" '{"rules":"classic","hand":["7h"],"table":["7c"],"scores":[-5,3]}' 'scores\[0\]: -5 is out of range'
expect_error "choose: huge score" '{"rules":"classic","hand":["7h"],"table":["7c"],"scores":[5,1000000]}' 'scores\[1\]: 1000000 is out of range'
expect_error "choose: score beyond 64 bits" '{"rules":"classic","hand":["7h"],"table":["7c"],"scores":[5,99999999999999999999]}' 'too large'
expect_error "choose: a score per side" '{"rules":"classic","hand":["7h"],"table":["7c"],"scores":[5]}' 'one number per side'
expect_error "choose: score not a number" '{"rules":"classic","hand":["7h"],"table":["7c"],"scores":["5",1]}' 'scores\[0\]: must be a whole number'
expect_error "choose: negative sweeps" '{"rules":"classic","hand":["7h"],"table":["7c"],"sweeps":[0,-1]}' 'sweeps\[1\]'
expect_error "choose: deep position" "$(cat "$tmp/deep.json")" 'nested deeper'
command=legal

# a field of the wrong JSON type is named, with exit 2 (json-glib's own
# warnings, fatal here, came first: "hand_sizes":[2,[1]] even went on to
# list the moves)
base='"rules":"classic","hand":["9s","8c"],"table":["3c"]'
expect_error "hand_sizes: not an array" "{$base,\"hand_sizes\":5}" 'hand_sizes: one number per player'
expect_error "hand_sizes: an array in it" "{$base,\"hand_sizes\":[2,[1]]}" 'hand_sizes\[1\]: must be a whole number'
expect_error "hand_sizes: a string in it" "{$base,\"hand_sizes\":[\"a\",{}]}" 'hand_sizes\[0\]: must be a whole number'
expect_error "hand_sizes: a fraction" "{$base,\"hand_sizes\":[2,1.7]}" 'hand_sizes\[1\]: must be a whole number'
expect_error "last_capturer: a string" "{$base,\"last_capturer\":\"x\"}" 'last_capturer: must be a seat'
expect_error "last_capturer: a fraction" "{$base,\"last_capturer\":1.5}" 'last_capturer: must be a seat'
expect_error "last_capturer: true" "{$base,\"last_capturer\":true}" 'last_capturer: must be a seat'
expect_error "history: type an object" "{$base,\"history\":[{\"seat\":1,\"type\":{},\"play\":\"2d\"}]}" 'history\[0\]: "type"'
expect_error "history: play an object" "{$base,\"history\":[{\"seat\":1,\"type\":\"trail\",\"play\":{}}]}" 'history\[0\]: "play" must be a card'
expect_error "history: multiple not true or false" "{$base,\"history\":[{\"seat\":1,\"type\":\"build\",\"play\":\"2d\",\"use\":[\"3c\"],\"value\":5,\"multiple\":[1]}]}" 'history\[0\]: "multiple" must be true or false'
expect_error "history: take not an array" "{$base,\"history\":[{\"seat\":1,\"type\":\"capture\",\"play\":\"3d\",\"take\":\"3h\"}]}" 'history\[0\]: "take" must be an array of cards'
# a card twice is named once with where it was first (a build's card named
# freed memory; the field came twice: "table[1]: table: …")
expect_error "duplicate: a card of a build, then loose" '{"rules":"classic","hand":["8s"],"table":[{"build":["3c","5h"],"value":8,"owner":0},"3c"]}' 'table\[1\]: duplicate card 3c (also in table\[0\])$'
expect_error "duplicate: loose twice" '{"rules":"classic","hand":["8s"],"table":["9s","9s"]}' 'table\[1\]: duplicate card 9s (also in table)$'
expect_error "duplicate: table and pile" '{"rules":"classic","hand":["8s"],"table":["9s"],"piles":[["9s"]]}' 'piles\[0\]: duplicate card 9s (also in table)$'
# a text cut short says so (json-glib named the last token it met)
expect_error "JSON cut short" '{"rules":"classic","hand":["9s"],"table":["6c"' 'invalid JSON at line 1, column [0-9]*: it ends too early'
expect_error "JSON of one brace" '{' 'invalid JSON at line 1, column [0-9]*: it ends too early'
expect_error "history: a card of the hand to move" "{$base,\"history\":[{\"seat\":1,\"type\":\"trail\",\"play\":\"9s\"}]}" 'history\[0\]: 9s was played, but it is in the hand to move'

# a standard output that cannot be written is an error (it exited 0)
if [ -w /dev/full ]; then
  for cmd in legal "choose --level easy"; do
    "$cli" $cmd "$tmp/pos.json" > /dev/full 2> "$tmp/err"
    status=$?
    if [ "$status" -eq 1 ] && grep -q "cannot write to standard output" "$tmp/err"; then
      ok "$cmd > /dev/full: exit 1 with a message"
    else
      not_ok "$cmd > /dev/full: exit 1 with a message" "status $status, stderr: $(cat "$tmp/err")"
    fi
  done
fi

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

# play: the last line says how the game ended, as the record's Ending tag
# (rules.md §6): Spade to 2 is reached during play; seed 6 to 13, first by
# the count at the end of the deal
for game in "2 5 count-as-you-go" "13 6 target"; do
  set -- $game
  yes 1 | head -n 300 | "$cli" play --rules "{\"preset\":\"spade\",\"target\":$1}" --seed "$2" \
    --level beginner --record "$tmp/play.txt" > "$tmp/play.out" 2> "$tmp/err"
  if tail -n 1 "$tmp/play.out" | grep -q "^Final score: .* ($3: the target of $1 was reached" &&
     grep -qxF "[Ending \"$3\"]" "$tmp/play.txt"; then
    ok "play: Spade to $1 ends by $3, as its record says"
  else
    not_ok "play: Spade to $1 ends by $3, as its record says" "$(tail -n 2 "$tmp/play.out"; grep Ending "$tmp/play.txt")"
  fi
done
# the sweep mark is part of the move (record-format §4.2)
line=$(grep -n -m1 ' #$' "$tmp/games.txt" | cut -d: -f1)
if [ -n "$line" ]; then
  sed "${line}s/ #\$//" "$tmp/games.txt" > "$tmp/nosweep.txt"
  "$cli" validate "$tmp/nosweep.txt" > /dev/null 2> "$tmp/err"
  if [ $? -eq 2 ] && grep -q "line $line, column [0-9]*: this capture sweeps the table" "$tmp/err"; then
    ok "validate: a sweep without its #"
  else
    not_ok "validate: a sweep without its #" "$(cat "$tmp/err")"
  fi
else
  not_ok "validate: a sweep without its #" "the simulated games have no sweep"
fi
# a line of 9 MB is quoted cut
{ cat "$tmp/games.txt"; head -c 9000000 /dev/zero | tr '\0' 'z'; echo; } > "$tmp/long.txt"
"$cli" validate "$tmp/long.txt" > /dev/null 2> "$tmp/err"
if [ $? -eq 2 ] && [ "$(wc -c < "$tmp/err")" -lt 300 ] && grep -q 'zzz…”' "$tmp/err"; then
  ok "validate: a 9 MB line is quoted cut"
else
  not_ok "validate: a 9 MB line is quoted cut" "$(head -c 300 "$tmp/err")"
fi

"$cli" nonsense > /dev/null 2>&1
if [ $? -eq 2 ]; then ok "unknown command"; else not_ok "unknown command"; fi

# a table too crowded to list: legal and choose refuse it alike (choose
# searched it: 11 s for medium, minutes for master, and printed a move
# legal could not confirm; session 15)
printf '%s' '{"rules":"classic","hand":["Tc","9c","8c","7c"],"table":["Ac","Ad","Ah","As","2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s"]}' > "$tmp/crowded.json"
for cmd in "legal" "choose --level medium --seed 1" "choose --level master --seed 1"; do
  $cli $cmd "$tmp/crowded.json" > "$tmp/out" 2> "$tmp/err"
  status=$?
  if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
     grep -q 'too crowded: more than 60000 ways to play one card' "$tmp/err"; then
    ok "$cmd: a table too crowded to list is refused"
  else
    not_ok "$cmd: a table too crowded to list is refused" "status $status: $(cat "$tmp/err")"
  fi
done
# a position of megabytes is no position: refused before json-glib reads it
# (3 GB of memory for 30 MB of "{}," in an unknown member)
{ printf '{"rules":"classic","hand":["9s"],"table":[],"junk":['; head -c 1100000 /dev/zero | tr '\0' '1' | sed 's/1/1,/g'; printf '1]}'; } > "$tmp/big.json"
for how in file stdin; do
  if [ $how = file ]; then $cli choose --level easy "$tmp/big.json" > "$tmp/out" 2> "$tmp/err"
  else $cli legal < "$tmp/big.json" > "$tmp/out" 2> "$tmp/err"; fi
  status=$?
  if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q 'the position is larger than 1024 KiB, more than a deal with its whole history needs' "$tmp/err"; then
    ok "a position of megabytes ($how) is refused"
  else
    not_ok "a position of megabytes ($how) is refused" "status $status: $(cat "$tmp/err")"
  fi
done

# a line break in a command line's word is quoted escaped: one line (session 15)
nl='
'
one_line_2 () {
  name=$1; shift
  "$cli" "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
  status=$?
  if [ "$status" -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q 'a\\nb' "$tmp/err"; then
    ok "$name: one line"
  else
    not_ok "$name: one line" "status $status: $(cat "$tmp/err")"
  fi
}
one_line_2 "unknown command" "a${nl}b"
one_line_2 "choose --level" choose --level "a${nl}b" "$tmp/pos.json"
one_line_2 "simulate --levels" simulate --levels "a${nl}b,easy"
one_line_2 "simulate: an argument" simulate "a${nl}b"
one_line_2 "daily --rules" daily --rules "a${nl}b"
one_line_2 "play --level" play --level "a${nl}b"

tap_end
