#!/usr/bin/env bash
# kete-solve under mpirun on this machine (docs/solver.md "Threads and ranks"): rank 0
# keeps the top of the proof tree and two worker ranks run df-pn on its leaves; the
# verdicts and the exact distance are those of the single process, a proof found so is
# written and checks, and a run whose rank dies, or that stops, resumes from rank 0's
# checkpoint to the same verdict.
# Usage: mpi_solve_test.sh <kete-solve>. Exit 77 (skipped) without mpirun or MPI support.
set -uo pipefail
solve=$(realpath "$1")
skip=77

if ! command -v mpirun >/dev/null; then
  echo "mpi_solve_test: SKIPPED: no mpirun (Debian: openmpi-bin)"
  exit $skip
fi
# As tests/mpi_test.sh: root in a container, no single-copy transport, no leak reports.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
mpi=(mpirun -np 3 --oversubscribe)

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail() {
  echo "mpi_solve_test: FAILED: $*"
  exit 1
}

if ! "${mpi[@]}" "$solve" --help >help.txt 2>&1; then
  if grep -q "built without Open MPI" help.txt; then
    echo "mpi_solve_test: SKIPPED: kete-solve was built without Open MPI"
    exit $skip
  fi
  cat help.txt
  fail "mpirun could not start kete-solve"
fi

# One run on the ranks and one in a single process: the same result lines and exit code.
# Exit 1 is a disproof ("no forced win"), 0 a proof.
same_verdict() {
  local name=$1
  shift
  "$solve" "$@" >"$name.single" 2>/dev/null
  local single=$?
  "${mpi[@]}" "$solve" "$@" >"$name.mpi" 2>"$name.err"
  local ranks=$?
  grep -q "job-level search: 2 ranks" "$name.mpi" || { cat "$name.mpi" "$name.err"; fail "$name: not on the ranks"; }
  [ "$single" = "$ranks" ] || fail "$name: exit $single alone, $ranks on the ranks"
  diff <(grep -e '^result: .* no forced win' -e '^result: .* wins' "$name.single" | sed 's/, line.*//') \
    <(grep -e '^result: .* no forced win' -e '^result: .* wins' "$name.mpi" | sed 's/, line.*//') ||
    fail "$name: the verdicts differ"
  echo "mpi_solve_test: $name: $(grep '^result: ' "$name.mpi" | sed 's/, line.*//' | head -1)"
}

# Jobs of 2,000 nodes: the master's tree grows below the root's children.
kujifunza=(--variant kujifunza --kichwa follow --hash 16 --job-nodes 2000)
same_verdict follow-mate-10 "${kujifunza[@]}" --winner S --mate 10
grep -q "result: South has no forced win$" follow-mate-10.mpi || fail "follow mate 10 is not a disproof"
same_verdict follow-mate-11 "${kujifunza[@]}" --winner S --mate 11
grep -q "result: South wins" follow-mate-11.mpi || fail "follow mate 11 is not a proof"
same_verdict follow-any "${kujifunza[@]}" --winner S --job-nodes 50
same_verdict bao-south-mate-3 --variant bao --winner S --mate 3 --hash 16
same_verdict bao-north-mate-3 --variant bao --winner N --mate 3 --hash 16

# The exact distance, and its proof written by rank 0 and checked.
"${mpi[@]}" "$solve" "${kujifunza[@]}" --mate 11 --distance 1 --proof follow.proof \
  >distance.txt 2>&1 || { cat distance.txt; fail "the distance run"; }
grep -q "shortest win: South wins in 11 own moves" distance.txt || fail "not the win in 11"
grep -q "mate 10: none" distance.txt || fail "mate 10 is not a disproof"
"$solve" --check follow.proof >check.txt || { cat check.txt; fail "the proof does not check"; }
grep -q "longest line 21 plies" check.txt || fail "the proof's longest line is not 21 plies"
echo "mpi_solve_test: the distance 11 and its proof, checked"

# Rank 0 keeps the master's tree: a job whose rank 2 dies after its third job (the test
# hook of tools/work_farm.cpp) is ended by mpirun, and --resume on the ranks ends with the
# single process's verdict; so does a run stopped by its node limit, resumed on threads.
KETE_TEST_RANK_EXIT=2:3 "${mpi[@]}" -x KETE_TEST_RANK_EXIT "$solve" "${kujifunza[@]}" --winner S \
  --mate 11 --checkpoint killed.ckpt --checkpoint-nodes 2000 >killed.txt 2>&1 &&
  fail "the job whose rank died succeeded"
grep -q "^search: job-level$" killed.ckpt || { cat killed.txt; fail "no checkpoint of the tree"; }
"${mpi[@]}" "$solve" "${kujifunza[@]}" --winner S --mate 11 --checkpoint killed.ckpt \
  --resume >resumed.txt 2>&1 || { cat resumed.txt; fail "the resumed job"; }
grep -q "^resumed from killed.ckpt at " resumed.txt || fail "the job did not resume"
diff <(grep '^result: ' follow-mate-11.single | sed 's/, line.*//') \
  <(grep '^result: ' resumed.txt | sed 's/, line.*//') || fail "the resumed verdict differs"
echo "mpi_solve_test: a rank killed, the job resumed: $(grep '^result: ' resumed.txt | sed 's/, line.*//')"

"${mpi[@]}" "$solve" --variant bao --winner N --mate 3 --hash 16 --job-nodes 500 --nodes 3000 \
  --checkpoint stopped.ckpt >stopped.txt 2>&1
[ $? = 3 ] || { cat stopped.txt; fail "the run on the ranks did not stop at its node limit"; }
"$solve" --variant bao --winner N --mate 3 --hash 16 --job-nodes 500 --threads 2 \
  --checkpoint stopped.ckpt --resume >on-threads.txt 2>&1
[ $? = 1 ] || { cat on-threads.txt; fail "the run resumed on threads"; }
diff <(grep '^result: ' bao-north-mate-3.single) <(grep '^result: ' on-threads.txt) ||
  fail "the verdict resumed on threads differs"
echo "mpi_solve_test: stopped on the ranks, resumed on threads: $(grep '^result: ' on-threads.txt)"
echo "mpi_solve_test: PASSED"
