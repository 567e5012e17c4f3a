#!/usr/bin/env bash
# Builds kete if needed and runs it: stdin/stdout speak the engine protocol.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" release
exec "$root/build/release/kete" "$@"
