#!/usr/bin/env bash
# kete-match under mpirun on this machine (docs/distributed.md): three ranks (rank 0
# coordinates, two play) give the totals and the records of the single-process run; an
# SPRT verdict stops every rank; a rank that dies stops the job with its checkpoint
# written, and --resume ends with the totals of the uninterrupted run.
# kete-datagen and kete-spsa likewise: the same file and the same tuning as one process,
# and the same again after a rank died and the run resumed.
# Usage: mpi_test.sh <kete-match> <kete> <kete-datagen> <kete-spsa>. Exit 77 (skipped)
# without mpirun or MPI support.
set -uo pipefail
match=$(realpath "$1")
engine=$(realpath "$2")
datagen=$(realpath "$3")
spsa=$(realpath "$4")
skip=77

if ! command -v mpirun >/dev/null; then
  echo "mpi_test: SKIPPED: no mpirun (Debian: openmpi-bin)"
  exit $skip
fi
# Root (a container, CI) must say so to Open MPI; the shared-memory transport's
# single-copy mechanism needs ptrace rights that containers often lack.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# Open MPI's allocations are not ours to judge in a sanitizer build.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
mpi=(mpirun -np 3 --oversubscribe)

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail() {
  echo "mpi_test: FAILED: $*"
  exit 1
}
run=("$match" --engine cmd="$engine" name=a --engine cmd="$engine" name=b option.UseKillers=false
  option.UseHistory=false --nodes 100 --seed 3 --quiet)
# The summary without the move times, which are the machine's, not the games'.
totals() { grep -v -e '^Move time' -e '^kete-match:' -e '^Resumed' "$1"; }
# The records, one line a game in game order, without the think times.
records() {
  sed 's/ *{[0-9]*ms}//g' "$1" | awk 'BEGIN { RS = "" } NR % 2 { tags = $0; next }
    { match(tags, /\[Game "[0-9]+"\]/); game = substr(tags, RSTART + 7, RLENGTH - 9)
      gsub(/[ \n]+/, " "); gsub(/\n/, " ", tags); print game "\t" tags "\t" $0 }' | sort -n
}

if ! "${mpi[@]}" "$match" --help >help.txt 2>&1; then
  if grep -q "built without Open MPI" help.txt; then
    echo "mpi_test: SKIPPED: kete-match was built without Open MPI"
    exit $skip
  fi
  cat help.txt
  fail "mpirun could not start kete-match"
fi

# 1. Three ranks play the games one process plays.
"${run[@]}" --games 16 --concurrency 1 --pgn single.pgn >single.txt 2>/dev/null ||
  fail "the single-process run"
"${mpi[@]}" "${run[@]}" --games 16 --pgn mpi.pgn >mpi.txt 2>mpi.err ||
  { cat mpi.err; fail "the mpirun run"; }
grep -q "2 ranks playing" mpi.txt || fail "the mpirun run did not spread over the ranks"
diff <(totals single.txt) <(totals mpi.txt) || fail "the totals differ"
diff <(records single.pgn) <(records mpi.pgn) >/dev/null || fail "the records differ"
echo "mpi_test: 3 ranks: the totals and records of the single-process run"

# 2. An SPRT verdict stops every rank: mpirun returns before the 400 games. The players
# must differ (between equal ones every pair splits 1-1 and the LLR stays 0): b is the
# random mover of the strength levels.
sprt_run=("$match" --engine cmd="$engine" name=a --engine cmd="$engine" name=b
  option.UCI_LimitStrength=true option.UCI_Elo=0 --nodes 100 --seed 3 --quiet)
timeout 60 "${mpi[@]}" "${sprt_run[@]}" --games 400 --sprt elo0=-300 elo1=300 alpha=0.1 beta=0.1 \
  >sprt.txt 2>/dev/null || fail "the SPRT run did not end cleanly"
grep -q "SPRT decided after" sprt.txt || fail "no SPRT verdict"
grep "SPRT decided" sprt.txt

# 3. Rank 2 dies after its first pair: the job stops with the checkpoint written, and
# --resume ends with the totals of the uninterrupted run.
KETE_TEST_RANK_EXIT=2:1 "${mpi[@]}" -x KETE_TEST_RANK_EXIT "${run[@]}" --games 16 \
  --checkpoint run.ckpt --checkpoint-seconds 0 >killed.txt 2>killed.err &&
  fail "the job went on after a rank died"
[ -f run.ckpt ] || fail "no checkpoint after the rank died"
saved=$(grep -c '^\[Game ' run.ckpt)
echo "mpi_test: rank 2 died; the checkpoint holds $saved games"
"${mpi[@]}" "${run[@]}" --games 16 --checkpoint run.ckpt --resume --pgn resumed.pgn \
  >resumed.txt 2>/dev/null || fail "the resumed run"
grep -q "Resumed from run.ckpt: $saved games" resumed.txt || fail "the resumed run did not resume"
diff <(totals single.txt) <(totals resumed.txt) || fail "the resumed totals differ"
[ "$(grep -c '^\[Game ' resumed.pgn)" -eq 16 ] || fail "the resumed records are not whole"
echo "mpi_test: resumed: the totals of the uninterrupted run"

# 4. kete-datagen: the same bytes from three ranks, and after a dead rank and --resume.
gen=("$datagen" --games 10 --nodes 200 --seed 5)
"${gen[@]}" --out single.data 2>/dev/null || fail "the single-process datagen"
"${mpi[@]}" "${gen[@]}" --out mpi.data 2>/dev/null || fail "the mpirun datagen"
cmp single.data mpi.data || fail "datagen: the files differ"
KETE_TEST_RANK_EXIT=2:1 "${mpi[@]}" -x KETE_TEST_RANK_EXIT "${gen[@]}" --out resumed.data \
  --checkpoint data.ckpt --checkpoint-seconds 0 >/dev/null 2>&1 &&
  fail "datagen went on after a rank died"
"${mpi[@]}" "${gen[@]}" --out resumed.data --checkpoint data.ckpt --resume 2>/dev/null ||
  fail "the resumed datagen"
cmp single.data resumed.data || fail "datagen: the resumed file differs"
echo "mpi_test: datagen: the same file from 3 ranks, and resumed after a dead rank"

# 5. kete-spsa: the same iterations from three ranks, and after a dead rank and --resume.
tune=("$spsa" --engine cmd="$engine" --param AspirationDelta --iterations 4 --pairs 3 --nodes 100
  --seed 2)
iterations() { grep -e '^iteration' -e '^Tuned' -e '^setoption' "$1"; }
"${tune[@]}" --output single.tuned >single.spsa 2>/dev/null || fail "the single-process spsa"
"${mpi[@]}" "${tune[@]}" --output mpi.tuned >mpi.spsa 2>/dev/null || fail "the mpirun spsa"
diff <(iterations single.spsa) <(iterations mpi.spsa | sed 's/mpi.tuned/single.tuned/') ||
  fail "spsa: the iterations differ"
KETE_TEST_RANK_EXIT=2:1 "${mpi[@]}" -x KETE_TEST_RANK_EXIT "${tune[@]}" --output resumed.tuned \
  --checkpoint spsa.ckpt >/dev/null 2>&1 && fail "spsa went on after a rank died"
"${mpi[@]}" "${tune[@]}" --output resumed.tuned --checkpoint spsa.ckpt --resume \
  >resumed.spsa 2>/dev/null || fail "the resumed spsa"
grep -q "^Resumed from spsa.ckpt" resumed.spsa || fail "spsa did not resume"
diff <(iterations single.spsa | tail -3) \
  <(iterations resumed.spsa | tail -3 | sed 's/resumed.tuned/single.tuned/') ||
  fail "spsa: the resumed run ends elsewhere"
echo "mpi_test: spsa: the same iterations from 3 ranks, and resumed after a dead rank"
echo "mpi_test: PASSED"
