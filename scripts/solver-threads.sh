#!/usr/bin/env bash
# The job-level search's speed-up (docs/solver.md "Threads and ranks"): each fixed problem
# solved by kete-solve with 1 thread (the single process's df-pn) and with 2 (or the counts
# given), with its verdict, nodes, wall time and the speed-up over 1 thread. Run it on a
# quiet machine: the wall time is what it measures.
#   scripts/solver-threads.sh [path/to/kete-solve] [threads...]   (default build/release, 2)
# Environment: HASH (MiB, default 1024), JOB_NODES (default kete-solve's), QUICK=1 leaves
# out bao's mates 5 and 6.
set -euo pipefail
cd "$(dirname "$0")/.."
solve="${1:-build/release/kete-solve}"
shift || true
counts=("${@:-2}")
hash="${HASH:-1024}"
job=()
[ -n "${JOB_NODES:-}" ] && job=(--job-nodes "$JOB_NODES")

# The issue's problems, then our own: name|flags.
problems=(
  "bao S mate 5 (disproof)|--variant bao --winner S --mate 5"
  "kujifunza follow mate 10 (disproof)|--variant kujifunza --kichwa follow --winner S --mate 10"
  "kujifunza follow mate 11 (proof)|--variant kujifunza --kichwa follow --winner S --mate 11"
  "bao N mate 4 (disproof)|--variant bao --winner N --mate 4"
  "bao S mate 4 after A4R b5L (disproof)|--variant bao --moves 'A4R b5L' --winner S --mate 4"
  "kujifunza follow, any distance (proof)|--variant kujifunza --kichwa follow --winner S"
  "bao S mate 6 (disproof)|--variant bao --winner S --mate 6"
)
[ "${QUICK:-0}" = 1 ] && problems=("${problems[@]:1:5}")

# One run: "verdict nodes seconds".
measure() {
  local flags=$1 threads=$2 out start end
  start=$(date +%s.%N)
  out=$(eval "\"$solve\" $flags --hash $hash --threads $threads ${job[*]:-}" 2>&1) || true
  end=$(date +%s.%N)
  local verdict nodes
  verdict=$(grep -m1 '^result: ' <<<"$out" | sed -e 's/^result: //' -e 's/, line.*//')
  nodes=$(grep '^info proof ' <<<"$out" | tail -1 | awk '{ print $7 }')
  echo "${verdict// /_} $nodes $(echo "$end - $start" | bc)"
}

printf '| problem | threads | verdict | nodes | wall s | speed-up |\n|---|---:|---|---:|---:|---:|\n'
for p in "${problems[@]}"; do
  name=${p%%|*}
  flags=${p#*|}
  read -r v1 n1 t1 < <(measure "$flags" 1)
  printf '| %s | 1 | %s | %s | %.2f | 1.00 |\n' "$name" "${v1//_/ }" "$n1" "$t1"
  for t in "${counts[@]}"; do
    read -r v n s < <(measure "$flags" "$t")
    [ "$v" = "$v1" ] || echo "solver-threads: $name: the verdict on $t threads differs" >&2
    printf '| %s | %s | %s | %s | %.2f | %.2f |\n' "$name" "$t" "${v//_/ }" "$n" "$s" \
      "$(echo "$t1 / $s" | bc -l)"
  done
done
