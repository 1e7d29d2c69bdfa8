#!/bin/sh
# run-fuzz.sh EXE SEED-CORPUS REGRESSIONS WORKDIR: one libFuzzer target for
# $CASSINO_FUZZ_SECONDS seconds (default 20).  Exit 0 when nothing was
# found; else libFuzzer's status, with the crasher left in WORKDIR
# (crash-*, leak-*, timeout-*, oom-*) and its path printed.
#   Reproduce:  EXE WORKDIR/crash-…
#   Then copy it to tests/fuzz/regressions/<target>/ and fix the bug.
set -u
exe=$1 seeds=$2 regressions=$3 work=$4
seconds=${CASSINO_FUZZ_SECONDS:-20}
mkdir -p "$work/corpus" || exit 1

# ASan's and UBSan's defaults are what a fuzzer wants; leaks count.  The
# slow unwinder (GLib and json-glib have no frame pointers) costs speed but
# gives whole allocation stacks: a leak report that says where, and
# lsan.supp (a json-glib leak) can match.
here=$(cd "$(dirname "$0")" && pwd)
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1:fast_unwind_on_malloc=0:malloc_context_size=20}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$here/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export G_SLICE=always-malloc
export LC_ALL=C.UTF-8

echo "== $(basename "$exe"): ${seconds}s; seeds $(ls "$seeds" | wc -l) files, $(du -sk "$seeds" | cut -f1) KB"
# the regressions first: each must pass on its own
if [ -n "$(ls "$regressions" 2>/dev/null)" ]; then
  if ! "$exe" -runs=1 "$regressions"/* > "$work/regressions.log" 2>&1; then
    tail -n 40 "$work/regressions.log"
    echo "fuzz: $(basename "$exe") fails on a committed regression input" >&2
    exit 1
  fi
  echo "regressions: $(ls "$regressions" | wc -l) inputs pass"
fi
# -error_exitcode: libFuzzer's own default, 77, is what Meson reads as
# "skipped": a crash would pass CI as a skip
"$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
  -error_exitcode=1 -timeout_exitcode=1 \
  -print_final_stats=1 -artifact_prefix="$work/" \
  "$work/corpus" "$seeds" 2> "$work/log"
rc=$?
# (whatever else libFuzzer might answer with 77 is a failure too)
[ $rc -eq 77 ] && rc=1
grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ *DONE)' "$work/log"
if [ $rc -ne 0 ]; then
  tail -n 60 "$work/log"
  echo "fuzz: $(basename "$exe") FAILED; the input is in $work/:" >&2
  ls "$work" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' >&2
fi
exit $rc
