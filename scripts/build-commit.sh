#!/usr/bin/env bash
# Builds some of kete's targets at a past commit, for the scripts that rerun a recorded
# result with the binary that made it (rerun-match.sh, rebuild-net.sh). The commit is
# checked out once as a git worktree under build/commits/<sha> and built there in
# build/release with the release flags of its own time, tests and benchmarks off; both
# are kept as a cache, so a second call builds only what is missing. Prints the build
# directory on stdout; everything else goes to stderr.
#   ./scripts/build-commit.sh [--jobs N] COMMIT TARGET...
set -euo pipefail
usage() { echo "usage: scripts/build-commit.sh [--jobs N] COMMIT TARGET...  (e.g. b4964b2 kete-datagen)"; }
jobs=""
case "${1:-}" in
  -h | --help) usage; exit 0 ;;
  --jobs) jobs="${2:?--jobs needs a number}"; shift 2 ;;
esac
if [ $# -lt 2 ]; then usage >&2; exit 2; fi
root="$(cd "$(dirname "$0")/.." && pwd)"
if ! sha="$(git -C "$root" rev-parse --verify --quiet "$1^{commit}")"; then
  echo "build-commit: '$1' is not a commit of this repository" >&2
  exit 2
fi
shift
dir="$root/build/commits/$sha"
if [ ! -e "$dir/.git" ]; then
  mkdir -p "$(dirname "$dir")"
  git -C "$root" worktree add --quiet --detach "$dir" "$sha" >&2
fi
if [ "$(git -C "$dir" rev-parse HEAD)" != "$sha" ]; then
  echo "build-commit: $dir is not at $sha: remove it (git worktree remove)" >&2
  exit 1
fi
if [ ! -f "$dir/build/release/build.ninja" ] && [ ! -f "$dir/build/release/Makefile" ]; then
  echo "build-commit: configuring ${sha:0:12} in $dir/build/release" >&2
  flags=(-DKETE_BUILD_TESTS=OFF -DKETE_BUILD_BENCHMARKS=OFF)
  if [ -f "$dir/CMakePresets.json" ]; then
    (cd "$dir" && nice cmake --preset release "${flags[@]}" >&2)
  else # before the presets: what the release preset sets
    nice cmake -S "$dir" -B "$dir/build/release" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      "${flags[@]}" >&2
  fi
fi
echo "build-commit: building $* at ${sha:0:12}" >&2
nice cmake --build "$dir/build/release" --target "$@" ${jobs:+-j "$jobs"} >&2
echo "$dir/build/release"
