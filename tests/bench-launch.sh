#!/bin/bash
# bench-launch.sh: launch time and peak memory of Cassino beside GNOME's
# AisleRiot, in the same X server (a program that prints figures, not a
# test; BENCHMARKS.md).
#
#   xvfb-run -a -s '-screen 0 1280x800x24' tests/bench-launch.sh CASSINO [RUNS]
#   ... tests/bench-launch.sh --in-turn CASSINO [RUNS]
#
# CASSINO is the cassino program (installed, or the build tree's
# src/cassino with GSETTINGS_SCHEMA_DIR set).  AisleRiot is /usr/games/sol
# (apt-get install aisleriot).  Each run starts the program with an empty
# home, then measures:
#   - mapped: from exec to its window being mapped (xdotool, polled every
#     5 ms);
#   - first frame (Cassino only): the first frame painted, which the
#     program reports itself (the wall clock, in ms) when
#     CASSINO_DEBUG_TIMING is set;
#   - peak RSS: VmHWM from /proc after the window has been up 2 s.
# Medians of RUNS runs (default 10) are printed.  With --in-turn, Cassino
# (without a database) and AisleRiot are started one after the other, RUNS
# times each, so that a slower or busier minute of the machine falls on
# both alike.
set -u

in_turn=
if [ "${1:-}" = --in-turn ]; then
  in_turn=1
  shift
fi
cassino=${1:?usage: bench-launch.sh [--in-turn] CASSINO [RUNS]}
runs=${2:-10}
sol=/usr/games/sol

if [ -z "${DISPLAY:-}" ]; then
  echo "bench-launch.sh: no display; run it inside xvfb-run" >&2
  exit 1
fi

now_ms () { date +%s%3N; }

median () { sort -n | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)]; else print "-" }'; }

# one run: NAME CLASS COMMAND...; prints "mapped_ms drawn_ms rss_kb"
run_once () {
  local class=$1; shift
  local home log start pid wid mapped drawn rss
  home=$(mktemp -d)
  log=$home/log
  start=$(now_ms)
  HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config XDG_CACHE_HOME=$home/cache \
    CASSINO_DEBUG_TIMING=1 "$@" >"$log" 2>&1 &
  pid=$!
  wid=
  for _ in $(seq 1 2000); do
    wid=$(xdotool search --onlyvisible --class "$class" 2>/dev/null | head -1)
    [ -n "$wid" ] && break
    sleep 0.005
  done
  mapped=$(( $(now_ms) - start ))
  sleep 2
  drawn=$(sed -n 's/^cassino: first frame drawn at \([0-9]*\) ms.*/\1/p' "$log" | head -1)
  [ -n "$drawn" ] && drawn=$(( drawn - start ))
  rss=$(awk '/VmHWM/ { print $2 }' /proc/$pid/status 2>/dev/null)
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  rm -rf "$home"
  [ -n "$wid" ] || mapped=-
  echo "$mapped ${drawn:--} ${rss:--}"
}

measure () {
  local name=$1 class=$2; shift 2
  local results
  results=$(for _ in $(seq 1 "$runs"); do run_once "$class" "$@"; done)
  printf '%-10s mapped %6s ms   first frame %6s ms   peak RSS %6s MB   (%s runs)\n' "$name" \
    "$(echo "$results" | awk '{ print $1 }' | median)" \
    "$(echo "$results" | awk '{ print $2 }' | median)" \
    "$(echo "$results" | awk '{ print $3 }' | median | awk '{ if ($1 == "-") print "-"; else printf "%.1f", $1 / 1024 }')" \
    "$runs"
}

if [ -n "$in_turn" ]; then
  [ -x "$sol" ] || { echo "AisleRiot is not installed (apt-get install aisleriot)" >&2; exit 1; }
  run_once cassino "$cassino" --database none >/dev/null
  run_once sol "$sol" >/dev/null
  results=$(for _ in $(seq 1 "$runs"); do
              echo "$(run_once cassino "$cassino" --database none | awk '{ print $1 }') $(run_once sol "$sol" | awk '{ print $1 }')"
            done)
  printf 'in turn, %s runs each: Cassino mapped %s ms, AisleRiot mapped %s ms (medians)\n' "$runs" \
    "$(echo "$results" | awk '{ print $1 }' | median)" "$(echo "$results" | awk '{ print $2 }' | median)"
  exit 0
fi

# the first run of each warms the disk cache: not counted
run_once cassino "$cassino" --database none >/dev/null
measure Cassino cassino "$cassino" --database none
# with a database: the first start makes it (schema, players, the game)
measure "Cassino+db" cassino sh -c 'exec "$0" --database "$HOME/games.db"' "$cassino"
if [ -x "$sol" ]; then
  run_once sol "$sol" >/dev/null
  measure AisleRiot sol "$sol"
else
  echo "AisleRiot       not installed (apt-get install aisleriot)"
fi
