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

# Cassino running on one database, launched again on another: said, exit
# 1 (it brought up the running window, which went on recording into its
# own file, without a word); on the same database it goes to that window.
# Needs a display (xvfb-run) and a session bus of the test's own.
if [ -n "${DISPLAY:-}" ] && command -v dbus-run-session > /dev/null; then
  cat > "$tmp/two.sh" <<EOF
"$app" --database "$tmp/a.db" > "$tmp/first.log" 2>&1 &
first=\$!
for i in \$(seq 100); do
  gdbus introspect --session --dest io.github.cassinogame.Cassino --object-path /io/github/cassinogame/Cassino > /dev/null 2>&1 && break
  sleep 0.1
done
"$app" --database "$tmp/b.db" > "$tmp/second.log" 2>&1; echo "second \$?" > "$tmp/status"
"$app" --database "$tmp/a.db" > "$tmp/third.log" 2>&1; echo "third \$?" >> "$tmp/status"
gdbus call --session --dest io.github.cassinogame.Cassino --object-path /io/github/cassinogame/Cassino \\
  --method org.gtk.Actions.Activate quit '[]' '{}' > /dev/null
wait \$first
EOF
  LC_ALL=C.UTF-8 timeout 60 dbus-run-session -- sh "$tmp/two.sh" > /dev/null 2>&1
  if grep -qx "second 1" "$tmp/status" && grep -qx "third 0" "$tmp/status" &&
     grep -qF "cassino: Cassino is already running with the database $(cd "$tmp" && pwd -P)/a.db; quit it before starting it with $tmp/b.db" "$tmp/second.log"; then
    ok "--database while running on another database"
  else
    not_ok "--database while running on another database" "$(cat "$tmp/status" "$tmp/second.log" "$tmp/first.log" 2>&1)"
  fi
fi

tap_end
