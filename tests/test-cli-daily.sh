#!/bin/sh
# cassino-cli daily: the daily deal's seed and deck, exact output and clear errors (TAP)
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
cli="$1"
. "$(dirname "$0")/tap.sh"

# a fixed date: computed once (docs/daily-deal.md), never to change
"$cli" daily --date 2026-11-24 --rules classic > "$tmp/out" 2> "$tmp/err"
status=$?
if [ "$status" -eq 0 ] && [ ! -s "$tmp/err" ] &&
   grep -q '^{"date": "2026-11-24", "rules": "classic", "seed_text": "cassino-daily:2026-11-24:classic", "seed": "5299592036290771458", "players": 2, "dealer": 1, "levels": \["medium"\], "deal": 1, "deal_seed": "4475475884115615275", "deck": \["As", "7c", "Jd", "4c", "Ks", "Js", "6s", "Th", ' "$tmp/out"; then
  ok "daily deal of 2026-11-24, classic"
else
  not_ok "daily deal of 2026-11-24, classic" "status $status: $(cat "$tmp/out" "$tmp/err")"
fi

"$cli" daily --date 2026-11-24 --rules diamond > "$tmp/out" 2> "$tmp/err"
if [ "$(grep -o '"[2-9TJQKA][cdhs]"' "$tmp/out" | wc -l)" -eq 40 ] && ! grep -q '"[JQK][cdhs]"' "$tmp/out"; then
  ok "diamond: a deck of 40 without courts"
else
  not_ok "diamond: a deck of 40 without courts" "$(cat "$tmp/out" "$tmp/err")"
fi

# expect_error NAME WORD ARGS…: exit 2, nothing on stdout, one line naming WORD
expect_error () {
  name="$1"; word="$2"; shift 2
  "$cli" daily "$@" > "$tmp/out" 2> "$tmp/err"
  status=$?
  if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q -- "$word" "$tmp/err"; then
    ok "$name"
  else
    not_ok "$name" "status $status, stderr: $(cat "$tmp/err")"
  fi
}
expect_error "an impossible date" "YYYY-MM-DD" --date 2026-02-30
expect_error "an unknown preset" "unknown preset “poker”" --rules poker

if "$cli" --help | grep -q '^  daily '; then ok "listed in --help"; else not_ok "listed in --help"; fi

tap_end
