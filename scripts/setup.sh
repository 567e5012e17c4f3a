#!/usr/bin/env bash
# Installs what kete needs to build (Debian 12 packages) when it is missing, then
# configures and builds the given CMake presets (default: release).
#   ./scripts/setup.sh [--target <t>]... [preset...]    (--target: build only those targets)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake ninja-build libabsl-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
          dpkg-dev openmpi-bin libopenmpi-dev ccache clang-format python3)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi

# ccache keeps the objects of earlier builds, in this tree or another clone (paths are
# taken relative to the tree), so a rebuild compiles only what changed.
if command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR="$PWD"
fi

targets=()
presets=()
while (($#)); do
  if [ "$1" = --target ]; then
    targets+=(--target "$2")
    shift 2
  else
    presets+=("$1")
    shift
  fi
done
((${#presets[@]})) || presets=(release)
for preset in "${presets[@]}"; do
  [ -f "build/$preset/build.ninja" ] || cmake --preset "$preset" >&2
  cmake --build --preset "$preset" -j "$(nproc)" ${targets[@]+"${targets[@]}"} >&2
done
