#!/bin/sh
# cassino-cli play: what the terminal game shows (TAP)
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
cli="$1"
. "$(dirname "$0")/tap.sh"

# Xeri is played on a stack: only its top card can be taken (or any with
# a jack), so the stack is shown by its size and top card, not as a
# sorted list of loose cards that hid which card was on top
printf '1\n1\nq\n' | "$cli" play --rules xeri --seed 3 --name Tess > "$tmp/out" 2> "$tmp/err"
if grep -q '^pile: 4 cards, top 3d$' "$tmp/out" && grep -q '^pile: 6 cards, top Ts$' "$tmp/out" &&
   ! grep -q '^table: ' "$tmp/out"; then
  ok "xeri: the stack's size and top card"
else
  not_ok "xeri: the stack's size and top card" "$(cat "$tmp/out" "$tmp/err")"
fi

# the other games lay their cards out side by side
printf 'q\n' | "$cli" play --seed 3 --name Tess > "$tmp/out" 2> "$tmp/err"
if grep -q '^table: Ad Td Th Qh$' "$tmp/out" && grep -q '^your hand: 2d 6s Ts Qc$' "$tmp/out" &&
   ! grep -q '^pile: ' "$tmp/out"; then
  ok "classic: the table's cards"
else
  not_ok "classic: the table's cards" "$(cat "$tmp/out" "$tmp/err")"
fi

# a deal's score lists the game's own categories (Scopa's primiera,
# Xeri's tens and courts), which were left out, and counts in English
yes 1 | head -n 400 | "$cli" play --rules scopa --seed 7 --name Tess > "$tmp/out" 2> "$tmp/err"
if grep -q '^side 0: cards 1 primiera 1 — 2 points this deal, 2 in the game$' "$tmp/out" &&
   grep -q '^Deal 4 is over\.$' "$tmp/out"; then
  ok "scopa: primiera on the deal's score"
else
  not_ok "scopa: primiera on the deal's score" "$(grep -A2 'is over' "$tmp/out"; cat "$tmp/err")"
fi
if grep -q ': 1 card in hand' "$tmp/out" && grep -q ', 1 sweep' "$tmp/out" &&
   ! grep -v 'this deal' "$tmp/out" | grep -Eq '(^|[^0-9])1 (cards|points|sweeps)'; then
  ok "one card, one point, one sweep"
else
  not_ok "one card, one point, one sweep" "$(grep -v 'this deal' "$tmp/out" | grep -E '(^|[^0-9])1 (cards|points|sweeps)')"
fi
yes 1 | head -n 400 | "$cli" play --rules xeri --seed 7 --name Tess > "$tmp/out" 2> "$tmp/err"
if grep -q '^side 0: honours 3 — 3 points this deal, 3 in the game$' "$tmp/out"; then
  ok "xeri: tens and courts on the deal's score"
else
  not_ok "xeri: tens and courts on the deal's score" "$(grep -A2 'is over' "$tmp/out"; cat "$tmp/err")"
fi

tap_end
