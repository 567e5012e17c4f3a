#!/usr/bin/env bash
# The habits CI checks rather than remembers (docs/style.md):
#   1. every C++ file formatted by clang-format (.clang-format);
#   2. the release build's `kete bench` prints the signature of tests/data/bench.txt;
#   3. every commit since kete 0.2 has a short subject and ends with a `Bench: N` line.
# The GUI's TypeScript formatting is checked by scripts/gui-test.sh (prettier).
#   scripts/check-habits.sh [path/to/kete]     (default build/release/kete)
set -euo pipefail
cd "$(dirname "$0")/.."
kete="${1:-build/release/kete}"
failed=0

# 1. Formatting.
mapfile -t sources < <(git ls-files '*.h' '*.cpp')
if ! clang-format --dry-run --Werror "${sources[@]}" 2>/tmp/kete-format.$$; then
  grep -m 20 'error:' /tmp/kete-format.$$ >&2 || true
  echo "check-habits: clang-format would change the files above (clang-format -i them)" >&2
  failed=1
fi
rm -f /tmp/kete-format.$$
echo "check-habits: ${#sources[@]} C++ files formatted"

# 2. The bench signature, from the binary users run: per variant, the sum of its lines.
expected=$(grep -v '^#' tests/data/bench.txt | sort)
actual=$("$kete" bench | awk 'NF == 0 { exit } { n[$1] += $2 } END { for (v in n) print v, n[v] }' | sort)
if [ "$expected" != "$actual" ]; then
  printf 'check-habits: kete bench differs from tests/data/bench.txt\nexpected:\n%s\nkete bench:\n%s\n' \
    "$expected" "$actual" >&2
  failed=1
else
  echo "check-habits: kete bench equals tests/data/bench.txt ($(echo "$actual" | awk '{ s += $2 } END { print s }') nodes)"
fi

# 3. Commit messages since kete 0.2 (0e4af09): a subject of at most 80 characters (about
# 72), and a last line `Bench: N`. A shallow clone without that commit skips the check.
base=0e4af09
if git cat-file -e "$base^{commit}" 2>/dev/null; then
  count=0
  while read -r commit; do
    count=$((count + 1))
    subject=$(git log -1 --format=%s "$commit")
    last=$(git log -1 --format=%B "$commit" | sed '/^[[:space:]]*$/d' | tail -n 1)
    if ((${#subject} > 80)); then
      echo "check-habits: $commit: subject of ${#subject} characters: $subject" >&2
      failed=1
    fi
    if ! [[ "$last" =~ ^Bench:\ [0-9]+$ ]]; then
      echo "check-habits: $commit: the last line is not 'Bench: N': $last" >&2
      failed=1
    fi
  done < <(git rev-list "$base..HEAD")
  echo "check-habits: $count commits since kete 0.2 checked"
else
  echo "check-habits: commit $base not in this clone: commit messages not checked"
fi
exit "$failed"
