#!/usr/bin/env bash
# Builds and runs every test: the release build, then the ASan+UBSan build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
"$root/scripts/setup.sh" release sanitize
ctest --preset release -j "$(nproc)"
ctest --preset sanitize -j "$(nproc)"
