#!/usr/bin/env bash
# Builds and runs every test: the habits (formatting, the bench signature, commit messages:
# scripts/check-habits.sh), the release build, the ASan+UBSan build, the threaded
# tests (search, engine, protocol, arena) under ThreadSanitizer, the Debian package built,
# installed and run (scripts/deb-check.sh), the browser GUI's tests against the
# release build (scripts/gui-test.sh), and the WebAssembly engine and static site with
# the page's game tests against the in-browser engine (scripts/web-test.sh --suite).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
"$root/scripts/setup.sh" release sanitize tsan
"$root/scripts/check-habits.sh"
ctest --preset release -j "$(nproc)"
"$root/scripts/deb-check.sh"
ctest --preset sanitize -j "$(nproc)"
ctest --preset tsan -j "$(nproc)"
"$root/scripts/gui-test.sh"
"$root/scripts/web-test.sh" --suite
