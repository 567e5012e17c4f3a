#!/usr/bin/env bash
# The README's test command (scripts/test.sh) N times while two busy loops hold both
# cores: a test that passes only on an idle machine is a bug (docs/testing.md). Each run's
# verdict, time and load go to the terminal, its whole output to build/stress/run-K.log.
#   scripts/stress-test.sh [N]     (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [N], N >= 1" >&2; exit 2; }

busy=()
stop_busy() { ((${#busy[@]})) && kill "${busy[@]}" 2>/dev/null; wait 2>/dev/null || true; }
trap stop_busy EXIT
for _ in 1 2; do
  (while :; do :; done) &
  busy+=("$!")
done

mkdir -p build/stress
green=0
for k in $(seq "$runs"); do
  log="build/stress/run-$k.log"
  start=$(date +%s)
  if ./scripts/test.sh >"$log" 2>&1; then verdict=green; green=$((green + 1)); else verdict=RED; fi
  echo "stress-test: run $k of $runs: $verdict in $(($(date +%s) - start)) s," \
       "load $(cut -d' ' -f1-3 /proc/loadavg) ($log)"
  grep -E 'tests passed|tests failed|^# (pass|fail)|check-habits:' "$log" | sed 's/^/  /' || true
done
echo "stress-test: $green of $runs green under two busy loops"
((green == runs))
