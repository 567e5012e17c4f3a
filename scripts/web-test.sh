#!/usr/bin/env bash
# The WebAssembly engine's tests (not yet part of scripts/test.sh): builds it with
# scripts/web.sh, then checks under Node that it answers as the native engine: the bench
# signature, the perft counts, isready and stop during a search, bad input
# (tests/web_engine_test.py).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/web.sh" engine
python3 "$root/tests/web_engine_test.py" "$root"
