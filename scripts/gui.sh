#!/usr/bin/env bash
# Starts the browser GUI against kete (building both if needed) and prints its URL.
#   ./scripts/gui.sh [--port 8080] [--host 127.0.0.1] [--allow-host NAME]... [-- <another engine> [args...]]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
args=("$@")
engine=()
for arg in "${args[@]}"; do
  [ "$arg" = "--" ] && engine=(found)
done
if ((${#engine[@]} == 0)); then
  # Only the engine: the GUI needs none of the tests, tools or benchmarks.
  "$root/scripts/setup.sh" --target kete release
  args+=(-- "$root/build/release/kete")
fi
"$root/scripts/gui-setup.sh"
exec node "$root/gui/dist/server/main.js" "${args[@]}"
