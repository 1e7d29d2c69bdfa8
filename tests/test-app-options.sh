#!/bin/sh
# The app's own command-line options: what it cannot do is said on
# standard error, naming what was given and what is allowed, with exit
# status 1 and no window (the options are read before the display is
# opened: no display is needed).  TAP.
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
app="$1"
. "$(dirname "$0")/tap.sh"

# check NAME EXPECTED-STATUS EXPECTED-TEXT ARGS...
check () {
  name=$1; want=$2; text=$3; shift 3
  env -u DISPLAY -u WAYLAND_DISPLAY LC_ALL=C.UTF-8 "$app" --database none "$@" > "$tmp/out" 2>&1
  status=$?
  if [ "$status" -eq "$want" ] && grep -qF "$text" "$tmp/out"; then
    ok "$name"
  else
    not_ok "$name" "exit status $status (wanted $want); said: $(cat "$tmp/out")"
  fi
}

check "--page with a page the app does not have" 1 \
  "cassino: there is no page “bogus”: the pages are table, history and statistics" --page bogus
# (GApplication passes on no 0: --replay 0 is --replay not given)
check "--replay with a negative ID" 1 \
  "cassino: --replay takes the ID of a recorded game (1 or more, as cassino-cli history lists them), not -3" \
  --replay -3
check "--replay with no number" 1 "Cannot parse integer value “abc” for --replay" --replay abc
check "--version" 0 "cassino " --version

tap_end
