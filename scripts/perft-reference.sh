#!/usr/bin/env bash
# Every count of the perft tables (tests/data/perft) against the independent reference
# generator of tests/reference, the deep counts too: the suite checks only those of at most
# 200,000 leaves (differential_test.cpp), this slow run checks the rest once. Writes
# tests/data/perft/reference.txt: one line a count, "agree" or "DIFFER", and its time.
#   ./scripts/perft-reference.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" release
out="$root/tests/data/perft/reference.txt"
tmp="$out.tmp"
{
  echo "# Every perft count of tests/data/perft against the reference generator (tests/reference),"
  echo "# by scripts/perft-reference.sh at commit $(git -C "$root" rev-parse --short HEAD) on $(date -u +%F)."
  echo "# Each line: table | position | depth | table's count | reference's count | verdict | time"
  "$root/build/release/kete_tests" --gtest_also_run_disabled_tests \
    --gtest_filter='*Differential.DISABLED_EveryPerftCount*' | grep ' | depth '
} >"$tmp"
differ=$(grep -c '| DIFFER |' "$tmp" || true)
agree=$(grep -c '| agree |' "$tmp" || true)
echo "# $agree counts agree, $differ differ" >>"$tmp"
mv "$tmp" "$out"
echo "perft-reference: $agree counts agree, $differ differ ($out)"
[ "$differ" -eq 0 ]
