#!/usr/bin/env bash
# scripts/rerun-match.sh without a build or a match: its refusals (a missing record, a clock
# match, several threads, no commit, a --pgn of its own), its dry run (the checkouts it
# would build and a worktree's path pointed at its checkout), and its comparison (--compare)
# on the committed kigogo record: think times, line wrapping and game order changed is
# IDENTICAL, one move or one summary line changed is not.
#   tests/rerun_match_test.sh <source dir>      exit 77 (skipped) outside a git checkout
set -uo pipefail
src="$(cd "$1" && pwd)"
script="$src/scripts/rerun-match.sh"
record="$src/tuning/matches/onereply-kigogo-5000n"
skip=77
head="$(git -C "$src" rev-parse --verify --quiet HEAD)" || {
  echo "rerun_match_test: SKIPPED: $src is not a git checkout (the records name commits)"
  exit $skip
}
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "rerun_match_test: FAILED: $*" >&2; failed=1; }

# expect STATUS PATTERN ARGS...: the script exits with STATUS and its output matches PATTERN.
expect() {
  local status="$1" pattern="$2" out got
  shift 2
  out="$("$script" "$@" 2>&1)"
  got=$?
  [ "$got" = "$status" ] || fail "rerun-match.sh $*: exit $got, not $status; it said: $out"
  grep -qE -- "$pattern" <<<"$out" || fail "rerun-match.sh $*: no /$pattern/ in: $out"
}

# A record in $tmp/rec with the kigogo games and summary and the given .cmd lines.
make_record() {
  rm -rf "$tmp/rec" "$tmp/rerun"
  mkdir -p "$tmp/rec" "$tmp/rerun"
  cp "$record.pgn.gz" "$record.txt" "$tmp/rec/"
  printf '%s\n' "$@" >"$tmp/rec/onereply-kigogo-5000n.cmd"
}
nodes="build/release/kete-match --engine cmd=build/release/kete name=new --engine cmd=../base/build/release/kete name=base --variant kigogo --games 400 --nodes 5000 --quiet"

expect 0 '^Reruns a recorded fixed-node match' --help
expect 2 'scripts/rerun-match.sh \[--jobs N\]'
expect 2 'no-such\.cmd: no such file' "$src/tuning/matches/no-such"
expect 2 'is a clock match \(--tc\).*cannot repeat' "$src/tuning/matches/mates-vs-prev-bao"
expect 2 'is a clock match \(--tc\)' "$src/tuning/matches/mates-vs-prev-kiswahili.txt"

make_record "commit: $head" "command: ${nodes/--nodes 5000/--movetime 100}"
expect 2 'is a clock match \(--movetime\)' "$tmp/rec/onereply-kigogo-5000n"
make_record "commit: $head" "command: ${nodes/--quiet/--quiet option.Threads=2}"
expect 2 'option.Threads=2: a search on several threads cannot repeat' "$tmp/rec/onereply-kigogo-5000n"
make_record "commit: $head" "command: $nodes --pgn x.pgn"
expect 2 'the command has --pgn' "$tmp/rec/onereply-kigogo-5000n"
make_record "command: $nodes"
expect 2 "no 'commit:' line" "$tmp/rec/onereply-kigogo-5000n"
make_record "commit: 0000000000000000000000000000000000000000" "command: $nodes"
expect 2 'is not in this repository' "$tmp/rec/onereply-kigogo-5000n"
make_record "commit: $head" "command: ${nodes/--nodes 5000/}"
expect 2 'no --nodes or --depth' "$tmp/rec/onereply-kigogo-5000n"
rm "$tmp/rec/onereply-kigogo-5000n.pgn.gz"
expect 2 'onereply-kigogo-5000n.pgn.gz: no such file' "$tmp/rec/onereply-kigogo-5000n"

# The dry run: kete-match and kete at the commit, kete at the worktree's commit, and the
# worktree's engine path pointed into that checkout.
make_record "# a comment" "commit: $head" "worktree: ../base $head" "command: $nodes" "date: today"
expect 0 "build: ${head:0:12} .*: kete-match kete" --dry-run "$tmp/rec/onereply-kigogo-5000n"
expect 0 "build: ${head:0:12} .*: kete\$" --dry-run "$tmp/rec/onereply-kigogo-5000n"
expect 0 "cmd=$src/build/commits/$head/build/release/kete name=base" \
  --dry-run "$tmp/rec/onereply-kigogo-5000n"
expect 0 " --pgn .*/onereply-kigogo-5000n.pgn > " --dry-run "$tmp/rec/onereply-kigogo-5000n"

# The comparison. A rerun that differs only in what cannot repeat: every think time
# changed (which also changes the line wrapping a writer would choose), the games in
# reverse order (as with several games at once), other move times in the summary.
make_record "commit: $head" "command: $nodes"
rec="$tmp/rec/onereply-kigogo-5000n"
gzip -dc "$record.pgn.gz" | sed -E 's/\{[0-9]+ms\}/{12345ms}/g; s/ \{12345ms\} /\n{12345ms} /' |
  awk 'BEGIN { RS = ""; ORS = "\n\n" } { p[NR] = $0 }
       END { for (i = NR - 1; i >= 1; i -= 2) print p[i] ORS p[i + 1] }' \
  >"$tmp/rerun/onereply-kigogo-5000n.pgn"
sed 's/median [0-9]* ms/median 99 ms/' "$record.txt" >"$tmp/rerun/onereply-kigogo-5000n.txt"
cmp -s <(gzip -dc "$record.pgn.gz") "$tmp/rerun/onereply-kigogo-5000n.pgn" &&
  fail "the reordered record is byte for byte the committed one: the test proves nothing"
expect 0 '^IDENTICAL: onereply-kigogo-5000n, 400 games' --compare "$rec" "$tmp/rerun"

# One move of the last game changed (its first engine move's row turned, A2 to B2): a
# difference.
cp "$tmp/rerun/onereply-kigogo-5000n.pgn" "$tmp/good.pgn"
awk 'BEGIN { RS = ""; ORS = "\n\n" }
     NR == 2 { n = split($0, w, " ")
               for (i = 1; i <= n; i++) if (w[i] ~ /^\{/) { k = i - 1; break }
               r = substr(w[k], 1, 1); r = r == "A" ? "B" : r == "B" ? "A" : r == "a" ? "b" : "a"
               w[k] = r substr(w[k], 2)
               $0 = w[1]; for (i = 2; i <= n; i++) $0 = $0 " " w[i] }
     { print }' "$tmp/good.pgn" >"$tmp/rerun/onereply-kigogo-5000n.pgn"
expect 1 '^DIFFERENT: onereply-kigogo-5000n' --compare "$rec" "$tmp/rerun"
expect 1 'the game records differ in 2 lines' --compare "$rec" "$tmp/rerun"

# A summary line changed: a difference, though every game is the same.
cp "$tmp/good.pgn" "$tmp/rerun/onereply-kigogo-5000n.pgn"
sed 's/^Faults: new 0/Faults: new 1/' "$record.txt" >"$tmp/rerun/onereply-kigogo-5000n.txt"
expect 1 '^\+Faults: new 1' --compare "$rec" "$tmp/rerun"
# A game missing from the rerun: a difference.
cp "$record.txt" "$tmp/rerun/"
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR > 2' "$tmp/good.pgn" >"$tmp/rerun/onereply-kigogo-5000n.pgn"
expect 1 '^DIFFERENT' --compare "$rec" "$tmp/rerun"

((failed)) && exit 1
echo "rerun_match_test: every refusal, the dry run and the comparison as expected"
