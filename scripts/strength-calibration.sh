#!/usr/bin/env bash
# The calibration of kete's strength levels (docs/protocol.md, "Strength"): a chain of
# kete-match runs, each level against the level below, from the random mover
# (Skill Level 0, Elo 0 by definition) to full strength (20), all at a fixed number of
# nodes a move (the levels' own caps are lower below level 17), in one variant.
#   ./scripts/strength-calibration.sh [kete binary] [games] [nodes] [variant] [openings]
# The openings default to the variant's balanced book (tuning/books; kujifunza's under
# `choose`, its default kichwa rule); "random" plays random 8-ply openings instead.
# Every level is measured against the one below it, so no level's Elo is interpolated.
# Prints each match's summary and the cumulative Elo of every level.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
kete="${1:-$root/build/release/kete}"
games="${2:-200}"
nodes="${3:-20000}"
variant="${4:-kiswahili}"
book="$root/tuning/books/$variant.txt"
[ "$variant" = kujifunza ] && book="$root/tuning/books/kujifunza-choose.txt"
openings=(--openings "${5:-$book}")
[ "${5:-}" = random ] && openings=(--random-plies 8)
match="$root/build/release/kete-match"
elo=0
echo "$variant, $nodes nodes a move, $games games a match, openings ${openings[*]}"
echo "level 0: Elo 0 (the random mover)"
for level in $(seq 1 20); do
  below=$((level - 1))
  out="$("$match" --engine cmd="$kete" name="L$level" "option.Skill Level=$level" \
    --engine cmd="$kete" name="L$below" "option.Skill Level=$below" \
    --variant "$variant" "${openings[@]}" --nodes "$nodes" --games "$games" \
    --concurrency "${KETE_CONCURRENCY:-2}" --quiet)"
  grep -E "^Score of|^Elo difference" <<<"$out"
  diff="$(sed -n 's/^Elo difference: \([-0-9.inf]*\) .*/\1/p' <<<"$out")"
  elo="$(awk -v a="$elo" -v d="$diff" 'BEGIN { printf "%.0f", a + d }')"
  echo "level $level: Elo $elo"
done
