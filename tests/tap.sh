# tap.sh: what the shell tests share (sourced: `. "$(dirname "$0")/tap.sh"`)
#   ok NAME, not_ok NAME [DETAIL]: one TAP line each (DETAIL as comments);
#   $tmp: a folder of the test's own, removed at exit;
#   tap_end: the plan line, and the exit status (1 if anything failed).
# Copyright 2026 The Cassino developers
# SPDX-License-Identifier: GPL-3.0-or-later
n=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); fail=1; echo "not ok $n - $1"; [ -n "$2" ] && printf "%s\n" "$2" | sed "s/^/# /"; }
tap_end () { echo "1..$n"; exit $fail; }
