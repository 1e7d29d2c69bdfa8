#!/bin/sh
# Under `meson devenv` (what build-aux/run uses) the uninstalled app and
# cassino-cli find the translations of the build tree (po/meson.build), so
# LANGUAGE=de shows German without installing anything (TAP).
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
meson="$1"
build="$2"
app="$3"
cli="$4"
. "$(dirname "$0")/tap.sh"

# the app's own options, as `cassino --help` lists them
"$meson" devenv -C "$build" env LANGUAGE=de LC_ALL=C.UTF-8 "$app" --help > "$tmp/out" 2>&1
if grep -qF "Die Version anzeigen und beenden" "$tmp/out"; then
  ok "meson devenv: the app's --help is German with LANGUAGE=de"
else
  not_ok "meson devenv: the app's --help is German with LANGUAGE=de" "$(cat "$tmp/out")"
fi

# an engine message through cassino-cli
printf '%s' '{"rules":{"preset":"classic","target":1000},"hand":["9s"],"table":["6c"]}' > "$tmp/pos.json"
"$meson" devenv -C "$build" env LANGUAGE=de LC_ALL=C.UTF-8 "$cli" legal "$tmp/pos.json" > "$tmp/out" 2>&1
if grep -qF "das Ziel ist höchstens 999" "$tmp/out"; then
  ok "meson devenv: cassino-cli's messages are German with LANGUAGE=de"
else
  not_ok "meson devenv: cassino-cli's messages are German with LANGUAGE=de" "$(cat "$tmp/out")"
fi

# and English without LANGUAGE
"$meson" devenv -C "$build" env -u LANGUAGE LC_ALL=C.UTF-8 "$app" --help > "$tmp/out" 2>&1
if grep -qF "Show the version and quit" "$tmp/out"; then
  ok "meson devenv: English without LANGUAGE"
else
  not_ok "meson devenv: English without LANGUAGE" "$(cat "$tmp/out")"
fi

tap_end
