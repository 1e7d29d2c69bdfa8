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

tap_end
