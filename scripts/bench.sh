#!/usr/bin/env bash
# Every performance figure of docs/performance.md from one command: builds the release
# preset, then runs
#   1. kete-throughput: perft, playouts, ns per seed, growth with depth and seeds per move
#   2. kete bench: search time per depth (bench positions, one thread)
#   3. kete bench: time to a fixed depth with 1 and 2 threads, and the speed-up
#   4. kete-micro: the Google Benchmark micro-benchmarks
# and prints markdown. Timings are medians of RUNS runs (default 5; bench: 3).
#
#   scripts/bench.sh [--runs N] [--depth D] [--no-micro]
#
# D is the fixed depth of step 3 (default 9). The machine, its load and the commit are
# printed first: compare figures only within one run on a loaded machine.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
depth=9
micro=1
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --depth) depth="$2"; shift 2 ;;
    --no-micro) micro=0; shift ;;
    *) echo "usage: $0 [--runs N] [--depth D] [--no-micro]" >&2; exit 2 ;;
  esac
done

./scripts/setup.sh release
bin=build/release

# The median of the numbers on stdin.
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Total bench time (ms) at depth $1 with $2 threads.
bench_ms() {
  printf 'setoption name Threads value %s\nbench %s\nquit\n' "$2" "$1" | "$bin/kete" |
    awk '/^Total time/ { print $NF }'
}
bench_nodes() {
  printf 'bench %s\nquit\n' "$1" | "$bin/kete" | awk '/^Nodes searched/ { print $NF }'
}

echo "# kete performance run"
echo
echo "* commit: $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (modified)')"
echo "* machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "* load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "* $(date -u '+%Y-%m-%d %H:%M UTC'); medians of $runs runs"
echo

echo "## Rules throughput (kete-throughput --runs $runs)"
echo
"$bin/kete-throughput" --runs "$runs"
echo

bench_runs=$((runs < 3 ? runs : 3))
echo "## Search time per depth (kete bench D, one thread, median of $bench_runs)"
echo
echo "| depth | nodes | time (ms) | x previous |"
echo "|---|---|---|---|"
previous=0
for d in $(seq 5 "$depth"); do
  ms=$(for _ in $(seq "$bench_runs"); do bench_ms "$d" 1; done | median)
  growth=$(awk -v a="$ms" -v b="$previous" 'BEGIN { print (b > 0 ? sprintf("%.1fx", a / b) : "-") }')
  echo "| $d | $(bench_nodes "$d") | $ms | $growth |"
  previous=$ms
done
echo

echo "## Time to depth $depth with 1 and 2 threads (kete bench $depth, $bench_runs runs)"
echo
echo "| threads | total time (ms), runs | median | speed-up |"
echo "|---|---|---|---|"
one=0
for threads in 1 2; do
  times=$(for _ in $(seq "$bench_runs"); do bench_ms "$depth" "$threads"; done)
  med=$(echo "$times" | median)
  ((threads == 1)) && one=$med
  speedup=$(awk -v a="$one" -v b="$med" 'BEGIN { printf "%.2f", a / b }')
  echo "| $threads | $(echo "$times" | paste -sd, | sed 's/,/, /g') | $med | $speedup |"
done
echo

if ((micro)); then
  echo "## Micro-benchmarks (kete-micro, median of $runs repetitions)"
  echo
  echo '```'
  "$bin/kete-micro" --benchmark_repetitions="$runs" --benchmark_report_aggregates_only=true \
    --benchmark_format=console 2>&1 | grep -E '^(Benchmark|-+$|.*_median)'
  echo '```'
fi
