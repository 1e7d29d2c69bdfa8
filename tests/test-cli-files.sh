#!/bin/sh
# cassino-cli and the files it is given: what it writes, what it leaves
# alone, what it reads (TAP)
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
cli="$1"
. "$(dirname "$0")/tap.sh"

# simulate --records never writes over the database it records into (it
# did: the database became a text record, its games gone)
"$cli" simulate --games 2 --seed 1 --db "$tmp/games.db" > /dev/null 2> "$tmp/err"
before=$("$cli" history --database "$tmp/games.db" | wc -l)
"$cli" simulate --games 1 --seed 100 --db "$tmp/games.db" --records "$tmp/games.db" > "$tmp/out" 2> "$tmp/err"
status=$?
after=$("$cli" history --database "$tmp/games.db" | wc -l)
if [ "$status" -eq 2 ] && [ "$before" -eq 4 ] && [ "$after" -eq 4 ] &&
   grep -q -- '--records: .* would overwrite the database' "$tmp/err"; then
  ok "simulate --records onto its --db: refused, the games kept"
else
  not_ok "simulate --records onto its --db: refused, the games kept" "status $status, $before then $after games: $(cat "$tmp/err")"
fi
ln -s "$tmp/games.db" "$tmp/link.db"
"$cli" simulate --games 1 --seed 100 --db "$tmp/games.db" --records "$tmp/link.db" > /dev/null 2> "$tmp/err"
status=$?
if [ "$status" -eq 2 ] && [ "$("$cli" history --database "$tmp/games.db" | wc -l)" -eq 4 ]; then
  ok "simulate --records onto a link to its --db: refused"
else
  not_ok "simulate --records onto a link to its --db: refused" "status $status: $(cat "$tmp/err")"
fi
"$cli" simulate --games 1 --seed 100 --db "$tmp/games.db" --records "$tmp/rec.txt" > /dev/null 2> "$tmp/err"
if [ $? -eq 0 ] && "$cli" validate "$tmp/rec.txt" > /dev/null 2>&1 &&
   [ "$("$cli" history --database "$tmp/games.db" | wc -l)" -eq 6 ]; then
  ok "simulate --records to another file: written, the games recorded"
else
  not_ok "simulate --records to another file: written, the games recorded" "$(cat "$tmp/err")"
fi

# a file that was never a database, given as one, is left as it is (it was
# moved aside and a database made in its place)
printf 'notes, not games\n' > "$tmp/notes.txt"
for cmd in "simulate --games 1 --db" "import --database" "history --database"; do
  "$cli" $cmd "$tmp/notes.txt" $( [ "${cmd%% *}" = import ] && echo "$tmp/rec.txt" ) > /dev/null 2> "$tmp/err"
  status=$?
  if [ "$status" -eq 1 ] && [ "$(cat "$tmp/notes.txt")" = "notes, not games" ] &&
     ! ls "$tmp" | grep -q 'notes.txt.corrupt' && grep -q 'is not a database' "$tmp/err"; then
    ok "${cmd%% *} on a text file: left alone, said so"
  else
    not_ok "${cmd%% *} on a text file: left alone, said so" "status $status: $(cat "$tmp/err"); $(ls "$tmp")"
  fi
done

# an empty file read by a command that only reads: said, left empty (the
# schema was written into it); a writer makes it a database
: > "$tmp/empty.db"
for cmd in history stats "export --all"; do
  "$cli" $cmd --database "$tmp/empty.db" > /dev/null 2> "$tmp/err"
  status=$?
  if [ "$status" -eq 1 ] && [ ! -s "$tmp/empty.db" ] && grep -q 'is an empty file: it holds no games yet' "$tmp/err"; then
    ok "${cmd%% *} on an empty file: said, the file left empty"
  else
    not_ok "${cmd%% *} on an empty file: said, the file left empty" "status $status, $(wc -c < "$tmp/empty.db") bytes: $(cat "$tmp/err")"
  fi
done
if "$cli" simulate --games 1 --seed 2 --db "$tmp/empty.db" > /dev/null 2>&1 &&
   [ "$("$cli" history --database "$tmp/empty.db" | wc -l)" -eq 2 ]; then
  ok "simulate into an empty file: a database of the games"
else
  not_ok "simulate into an empty file: a database of the games"
fi

# simulate --json is JSON whatever the locale (de_DE wrote "0,03")
mkdir -p "$tmp/loc"
if command -v python3 > /dev/null && localedef -i de_DE -f UTF-8 "$tmp/loc/de_DE.UTF-8" 2> /dev/null; then
  LOCPATH="$tmp/loc" LC_ALL=de_DE.UTF-8 "$cli" simulate --games 2 --seed 3 --json > "$tmp/out" 2> "$tmp/err"
  if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert isinstance(d["entries"][0]["win_pct"], float)' "$tmp/out" 2> "$tmp/py"; then
    ok "simulate --json in a German locale: valid JSON"
  else
    not_ok "simulate --json in a German locale: valid JSON" "$(cat "$tmp/out" "$tmp/py")"
  fi
else
  not_ok "simulate --json in a German locale: valid JSON" "localedef de_DE failed (the locales package is in build-aux/debian-packages.txt)"
fi

# play --record that cannot be written fails (it said so and exited 0)
echo q | "$cli" play --seed 5 --record "$tmp/no-such-folder/x.txt" > /dev/null 2> "$tmp/err"
status=$?
if [ "$status" -eq 1 ] && grep -q 'no-such-folder' "$tmp/err"; then
  ok "play --record into a missing folder: exit 1"
else
  not_ok "play --record into a missing folder: exit 1" "status $status: $(cat "$tmp/err")"
fi

# standard input is read up to 256 MiB (/dev/zero ran it out of memory);
# a position, up to 1 MiB
head -c 300000000 /dev/zero | "$cli" validate - > /dev/null 2> "$tmp/err"
status=$?
if [ "$status" -eq 2 ] && grep -q 'standard input is larger than 256 MiB' "$tmp/err"; then
  ok "300 MB on standard input: refused"
else
  not_ok "300 MB on standard input: refused" "status $status: $(cat "$tmp/err")"
fi
head -c 300000000 /dev/zero | "$cli" legal > /dev/null 2> "$tmp/err"
status=$?
if [ "$status" -eq 2 ] && grep -q 'the position is larger than 1024 KiB' "$tmp/err"; then
  ok "300 MB of position on standard input: refused"
else
  not_ok "300 MB of position on standard input: refused" "status $status: $(cat "$tmp/err")"
fi
"$cli" validate /dev/zero > /dev/null 2> "$tmp/err"
status=$?
if [ "$status" -eq 2 ] && grep -q '/dev/zero is larger than 256 MiB' "$tmp/err"; then
  ok "validate /dev/zero: refused"
else
  not_ok "validate /dev/zero: refused" "status $status: $(cat "$tmp/err")"
fi
"$cli" legal /dev/zero > /dev/null 2> "$tmp/err"
status=$?
if [ "$status" -eq 2 ] && grep -q 'the position is larger than 1024 KiB' "$tmp/err"; then
  ok "legal /dev/zero: refused"
else
  not_ok "legal /dev/zero: refused" "status $status: $(cat "$tmp/err")"
fi

# export --all to a full disk: one line (it said so twice)
if [ -w /dev/full ]; then
  "$cli" export --all --database "$tmp/games.db" > /dev/full 2> "$tmp/err"
  status=$?
  if [ "$status" -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q 'cannot write to standard output' "$tmp/err"; then
    ok "export --all > /dev/full: one line, exit 1"
  else
    not_ok "export --all > /dev/full: one line, exit 1" "status $status: $(cat "$tmp/err")"
  fi
fi

# an id of 0 is no id (it asked what to export); a stray word is refused
"$cli" export --game 0 --database "$tmp/games.db" > /dev/null 2> "$tmp/err"
status=$?
if [ "$status" -eq 2 ] && grep -q 'an id is a positive number' "$tmp/err"; then
  ok "export --game 0: an id is a positive number"
else
  not_ok "export --game 0: an id is a positive number" "status $status: $(cat "$tmp/err")"
fi
"$cli" simulate --games 1 extra > /dev/null 2> "$tmp/err"
status=$?
if [ "$status" -eq 2 ] && grep -q 'unexpected argument “extra”' "$tmp/err"; then
  ok "simulate with a stray word: refused"
else
  not_ok "simulate with a stray word: refused" "status $status: $(cat "$tmp/err")"
fi

# history --after takes two whole numbers and nothing else
bad=""
for a in 1:2:3 1:6x 99999999999999999999:1 x:1 1:; do
  "$cli" history --database "$tmp/games.db" --after "$a" > /dev/null 2> "$tmp/err"
  [ $? -eq 2 ] && grep -q -- '--after: a cursor' "$tmp/err" || bad="$bad $a"
done
"$cli" history --database "$tmp/games.db" --limit 1 > "$tmp/out" 2>&1
cursor=$(sed -n 's/^more: --after //p' "$tmp/out")
if [ -z "$bad" ] && [ -n "$cursor" ] && "$cli" history --database "$tmp/games.db" --after "$cursor" > /dev/null; then
  ok "history --after: a cursor or exit 2"
else
  not_ok "history --after: a cursor or exit 2" "accepted:$bad; cursor '$cursor'"
fi

# a 53rd word of a deck that is no card is named (it said "more than 52 cards")
sed '0,/^Deck /s/^\(Deck .*\)$/\1 Xx/' "$tmp/rec.txt" > "$tmp/bad-deck.txt"
"$cli" validate "$tmp/bad-deck.txt" > /dev/null 2> "$tmp/err"
status=$?
if [ "$status" -eq 2 ] && grep -q '“Xx” is not a card' "$tmp/err"; then
  ok "validate: a deck's extra word that is no card is named"
else
  not_ok "validate: a deck's extra word that is no card is named" "status $status: $(cat "$tmp/err")"
fi

tap_end
